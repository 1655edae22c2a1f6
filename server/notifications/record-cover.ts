import type { Db, Tx } from "../db/open";
import { coverNow, coverPushesToday, insertCoverAlertPushes } from "./cover-queries";
import { COVER_ALERT_KIND, insertOutbox, type OutboxInsert } from "./outbox-queries";

export type CoverPush = Pick<OutboxInsert, "userId" | "swapRequestId" | "title" | "body" | "url" | "tag" | "context">;

/**
 * Records cover-alert pushes in the change's transaction, like every notification (DESIGN §5.17):
 * up to each recipient's own daily limit (`defaultPerDay`, the server's COVER_ALERTS_PER_DAY,
 * where they have not chosen one) are pushed a London day; the rest wait, unpushed, for the email
 * digest's own section instead. Two statements whatever the number of recipients. `now` is the
 * app's clock, which the day is counted by.
 */
export async function recordCoverPushes(
  tx: Tx | Db,
  pushes: CoverPush[],
  defaultPerDay: number,
  now: Date,
): Promise<void> {
  if (pushes.length === 0) return;
  const counts = await coverPushesToday(tx, [...new Set(pushes.map((p) => p.userId))], defaultPerDay, now);
  const rows: OutboxInsert[] = pushes.map((p) => {
    const count = counts.get(p.userId) ?? { pushes: 0, perDay: defaultPerDay };
    const pushed = count.pushes < count.perDay;
    count.pushes += 1;
    return {
      ...p,
      kind: COVER_ALERT_KIND,
      messageId: null,
      pushState: pushed ? "pending" : "capped",
      emailState: pushed ? "none" : "pending",
    };
  });
  await insertOutbox(tx, rows, coverNow(now));
}

/**
 * One need for cover told to the colleagues `userIds` who could take it (DESIGN §5.22): their alerts
 * and pushes (or digest lines, past their daily limit) in one statement of the change's transaction.
 * Returns who was newly told. One statement rather than five: for a request that alerts hundreds,
 * the five cost four more round trips and a record a colleague built on the main thread.
 */
export const recordCoverAlerts = insertCoverAlertPushes;
