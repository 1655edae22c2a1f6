import type { Db, Tx } from "../db/open";
import { rebuildDays } from "./queries";

/**
 * Rebuilds the user_availability index for some of a user's days from their shifts (DESIGN §5.10,
 * the rule is dayStatusSql); no shift → no row. Call it inside the transaction that changed those
 * shifts. Row ids are kept for days that still have a row, so swap requests pointing at them stay valid.
 */
export async function syncAvailability(tx: Tx | Db, userId: number, days: string[]): Promise<void> {
  if (days.length === 0) return;
  await rebuildDays(tx, userId, days);
}
