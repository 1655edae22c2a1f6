import { asc, eq, lte } from "drizzle-orm";
import type { Tx } from "../db/open";
import { swapRequests } from "../db/schema";

/**
 * Requests with a reminder due by `now` (`remind_at`, with its partial index), locked; rows another
 * instance is handling are skipped, so each reminder goes once however many instances run.
 */
export function lockDueReminders(tx: Tx, now: Date, limit: number) {
  return tx
    .select()
    .from(swapRequests)
    .where(lte(swapRequests.remindAt, now))
    .orderBy(asc(swapRequests.remindAt), asc(swapRequests.id))
    .limit(limit)
    .for("update", { skipLocked: true });
}

/** The next reminder of a request and how many of its series went out; `updated_at` is left alone. */
export async function saveReminderState(tx: Tx, id: number, state: { remindAt: Date | null; remindersSent: number }) {
  await tx.update(swapRequests).set(state).where(eq(swapRequests.id, id));
}
