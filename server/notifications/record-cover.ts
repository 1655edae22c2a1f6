import type { Db, Tx } from "../db/open";
import { COVER_ALERT_KIND, coverPushesToday, insertOutbox, type OutboxInsert } from "./outbox-queries";

export type CoverPush = Pick<OutboxInsert, "userId" | "swapRequestId" | "title" | "body" | "url" | "tag" | "context">;

/**
 * Records cover-alert pushes in the change's transaction, like every notification (DESIGN §5.17):
 * up to `perDay` a user a London day are pushed; the rest wait, unpushed, for the email digest's
 * own section instead. Two statements whatever the number of recipients.
 */
export async function recordCoverPushes(tx: Tx | Db, pushes: CoverPush[], perDay: number): Promise<void> {
  if (pushes.length === 0) return;
  const sent = await coverPushesToday(tx, [...new Set(pushes.map((p) => p.userId))]);
  const rows: OutboxInsert[] = pushes.map((p) => {
    const before = sent.get(p.userId) ?? 0;
    sent.set(p.userId, before + 1);
    const pushed = before < perDay;
    return {
      ...p,
      kind: COVER_ALERT_KIND,
      messageId: null,
      pushState: pushed ? "pending" : "capped",
      emailState: pushed ? "none" : "pending",
    };
  });
  await insertOutbox(tx, rows);
}
