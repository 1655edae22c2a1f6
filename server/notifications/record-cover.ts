import type { Db, Tx } from "../db/open";
import {
  type CoverPushText,
  coverNow,
  coverPushesToday,
  insertCoverAlertPushes,
  insertCoverFanout,
} from "./cover-queries";
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
 * How many colleagues of a need for cover are told in the change's own transaction; the rest are
 * told by the push workers' cover lane after commit, a slice a tick (decision 044).
 */
export const FIRST_SLICE = 25;

/**
 * One need for cover told to the colleagues `userIds` who could take it (DESIGN §5.22): the first
 * `FIRST_SLICE` of them have their alerts and pushes (or digest lines, past their daily limit)
 * recorded in one statement of the change's transaction, and the rest are kept for the cover lane,
 * so a request that alerts hundreds commits as quickly as one that alerts a few. Returns who was
 * newly told in this transaction.
 */
export async function recordCoverAlerts(
  tx: Tx,
  swapRequestId: number,
  userIds: number[],
  about: CoverPushText,
  perDay: number,
  now: Date,
): Promise<number[]> {
  const { title, body, url, tag, context } = about;
  const push = { title, body, url, tag, context };
  const told = await insertCoverAlertPushes(tx, swapRequestId, userIds.slice(0, FIRST_SLICE), push, perDay, now);
  const rest = userIds.slice(FIRST_SLICE);
  if (rest.length > 0) await insertCoverFanout(tx, swapRequestId, rest, push, perDay);
  return told;
}
