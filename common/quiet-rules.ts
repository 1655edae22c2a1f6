import { londonOffset } from "./dates";
import { londonMinuteOf } from "./london-time";
import { blocksOf } from "./working-time-blocks";
import type { WorkingTimeShift } from "./working-time-types";

// When a user's pushes wait (issue 36): quiet hours, a daily window in London time that may cross
// midnight, and 'quiet after a night shift', from the end of their own night until a time that day.

/** "HH:mm" London wall-clock times. */
export type QuietHours = { start: string; end: string };
export type QuietAfterNight = { until: string };
export type QuietChoices = { quietHours: QuietHours | null; quietAfterNight: QuietAfterNight | null };

/** The time offered when 'quiet after a night shift' is switched on. */
export const DEFAULT_QUIET_UNTIL = "15:00";

const minutesOf = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));

/** A window [start, end) as minutes since the epoch. */
type Window = readonly [number, number];

/** Quiet hours around London day `day` (days since the epoch): yesterday's, today's and tomorrow's windows. */
function dailyWindows(day: number, q: QuietHours): Window[] {
  const start = minutesOf(q.start);
  const end = minutesOf(q.end);
  if (start === end) return [];
  const crosses = end < start;
  return [day - 1, day, day + 1].map(
    (d) => [londonMinuteOf(d, start), londonMinuteOf(crosses ? d + 1 : d, end)] as const,
  );
}

/**
 * From the end of each night (its own times, or SPEC §9's display times when untimed, as working
 * time reads them) until `until` on the London day it ends; empty when the night ends later.
 */
function afterNightWindows(shifts: readonly WorkingTimeShift[], a: QuietAfterNight): Window[] {
  const until = minutesOf(a.until);
  return blocksOf(shifts)
    .spans.filter((s) => s.night)
    .map((s) => [s.end, londonMinuteOf(s.endDay, until)] as const)
    .filter(([from, to]) => to > from);
}

/**
 * When the user's quiet time that `now` falls in ends, or null when `now` is not quiet. Windows
 * that meet or overlap are one: quiet hours to 07:00 and quiet after a night to 15:00 end at 15:00.
 * `shifts` are the user's shifts around now (the night before, today's, tomorrow's).
 */
export function quietUntil(now: Date, choices: QuietChoices, shifts: readonly WorkingTimeShift[]): Date | null {
  const ms = now.getTime();
  const at = ms / 60_000;
  const day = Math.floor((at + londonOffset(ms)) / 1440);
  const windows = [
    ...(choices.quietHours ? dailyWindows(day, choices.quietHours) : []),
    ...(choices.quietAfterNight ? afterNightWindows(shifts, choices.quietAfterNight) : []),
  ];
  let end = at;
  for (let grew = true; grew; ) {
    grew = false;
    for (const [from, to] of windows) {
      if (from <= end && end < to) {
        end = to;
        grew = true;
      }
    }
  }
  return end > at ? new Date(end * 60_000) : null;
}
