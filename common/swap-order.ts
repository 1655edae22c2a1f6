import { compareDays } from "./dates";
import type { SwapStatus } from "./enums";

/** What a request's place in the one order depends on. */
export type OrderKey = { status: SwapStatus; shiftDate: string; grsSubmitted: boolean; id: number };

/**
 * A completed swap whose shift is still ahead waits for its GRS step until a party ticks
 * 'Submitted on GRS': it stays with the active requests, so the step cannot fall out of sight.
 */
export function awaitsGrs(k: Omit<OrderKey, "id">, today: string): boolean {
  return k.status === "completed" && !k.grsSubmitted && k.shiftDate >= today;
}

/** Still in play: pending or accepted with the shift today or later, or a completed swap awaiting GRS. */
export function isActive(k: Omit<OrderKey, "id">, today: string): boolean {
  return ((k.status === "pending" || k.status === "accepted") && k.shiftDate >= today) || awaitsGrs(k, today);
}

/**
 * DESIGN §5.20, one order on every screen: active requests (`isActive`), soonest shift first; then
 * the rest ('Past'), most recent shift first. Ties go by id, oldest first.
 */
export function splitByShift<T>(
  items: readonly T[],
  keyOf: (item: T) => OrderKey,
  today: string,
): { active: T[]; past: T[] } {
  const keyed = items.map((item) => ({ item, key: keyOf(item) }));
  const active = keyed
    .filter((e) => isActive(e.key, today))
    .sort((a, b) => compareDays(a.key.shiftDate, b.key.shiftDate) || a.key.id - b.key.id);
  const past = keyed
    .filter((e) => !isActive(e.key, today))
    .sort((a, b) => compareDays(b.key.shiftDate, a.key.shiftDate) || a.key.id - b.key.id);
  return { active: active.map((e) => e.item), past: past.map((e) => e.item) };
}
