import { compareDays } from "./dates";
import type { SwapStatus } from "./enums";

/** Statuses still in play; declined, cancelled and completed requests are past. */
const ACTIVE: readonly SwapStatus[] = ["pending", "accepted"];

/**
 * DESIGN §5.20, one order on every screen: active requests whose shift is today or later, soonest
 * shift first; then the rest ('Past'), most recent shift first. Ties go by id, oldest first.
 */
export function splitByShift<T>(
  items: readonly T[],
  keyOf: (item: T) => { status: SwapStatus; shiftDate: string; id: number },
  today: string,
): { active: T[]; past: T[] } {
  const keyed = items.map((item) => ({ item, key: keyOf(item) }));
  const isActive = (k: { status: SwapStatus; shiftDate: string }) => ACTIVE.includes(k.status) && k.shiftDate >= today;
  const active = keyed
    .filter((e) => isActive(e.key))
    .sort((a, b) => compareDays(a.key.shiftDate, b.key.shiftDate) || a.key.id - b.key.id);
  const past = keyed
    .filter((e) => !isActive(e.key))
    .sort((a, b) => compareDays(b.key.shiftDate, a.key.shiftDate) || a.key.id - b.key.id);
  return { active: active.map((e) => e.item), past: past.map((e) => e.item) };
}
