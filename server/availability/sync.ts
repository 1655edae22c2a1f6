import type { Db, Tx } from "../db/open";
import { alertOffDays } from "../swaps/cover-alerts";
import { rebuildDays } from "./queries";

/**
 * Rebuilds the user_availability index for some of a user's days from their shifts (DESIGN §5.10,
 * the rule is dayStatusSql); no shift → no row. Call it inside the transaction that changed those
 * shifts. Row ids are kept for days that still have a row, so swap requests pointing at them stay valid.
 */
export async function syncAvailability(tx: Tx | Db, userId: number, days: string[]): Promise<void> {
  if (days.length === 0) return;
  const available = await rebuildDays(tx, userId, days);
  // A day newly free: colleagues who need cover on it are news to the user (DESIGN §5.22).
  await alertOffDays(tx, userId, available);
}
