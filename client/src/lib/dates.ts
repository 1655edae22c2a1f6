// Date helpers of the client that are not pure contracts (those live in common/dates.ts).
import { londonDate } from "@common/dates";

/** Milliseconds from `now` until the Europe/London date next changes (at least 1 s, for clock changes). */
export function msUntilNextLondonDay(now: Date = new Date()): number {
  const today = londonDate(now);
  let lo = now.getTime();
  let hi = lo + 26 * 3_600_000;
  // The first instant whose London date differs: a binary search copes with BST/GMT days of 23 or 25 h.
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (londonDate(new Date(mid)) === today) lo = mid;
    else hi = mid;
  }
  return Math.max(1000, hi - now.getTime());
}
