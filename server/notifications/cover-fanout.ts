import type { Db } from "../db/open";
import { transact } from "../db/transact";
import { notifyUsers } from "../events/publish";
import { finishFanoutSlice, insertCoverAlertPushes, lockNextFanoutSlice } from "./cover-queries";

/**
 * Tells the next `size` colleagues of a need for cover still being told (decision 044): their
 * alerts and pushes, and the fan-out's cursor, in one transaction, so each is told once on any
 * number of instances. A request taken, cancelled or deleted meanwhile tells nobody more. Returns
 * whether there was a fan-out to work on (there may be more).
 */
export async function tellNextSlice(db: Db, size: number, now: Date): Promise<boolean> {
  return transact(db, async (tx) => {
    const next = await lockNextFanoutSlice(tx, size);
    if (!next) return false;
    const { swapRequestId } = next;
    const told = next.open
      ? await insertCoverAlertPushes(tx, swapRequestId, next.slice, next.push, next.perDay, now, false)
      : [];
    await finishFanoutSlice(tx, swapRequestId, size, next.open && next.more);
    // An open dashboard shows the new alert at once.
    if (told.length > 0) await notifyUsers(tx, told, { type: "COVER_ALERTS_CHANGED", payload: { swapRequestId } });
    return true;
  });
}
