import type { WorkingTimeShift, WtrLimits } from "./working-time-types";

// Bounds that let a check of many colleagues skip reading 17 weeks of shifts for most of them: the
// averaging rules cannot be breached by someone whose minutes in the reference period stay under a
// floor, whatever their shifts are. The availability index keeps minutes per day for these sums.

type TakenShift = Pick<WorkingTimeShift, "startTime" | "endTime">;

const minutesOf = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));

/** At least the minutes a working shift covers (as `minutesBoundSql` in server/db/availability-index.ts). */
export function shiftMinutesBound(s: TakenShift): number {
  if (!s.startTime || !s.endTime) return 720;
  return ((minutesOf(s.endTime) - minutesOf(s.startTime) + 1439) % 1440) + 1;
}

// A night across a clock change is an hour longer than its wall-clock times say.
const CLOCK_CHANGE_MINUTES = 60;
/** The most one shift covers by its times (equal times are a whole day). */
const LONGEST_SHIFT_MINUTES = 1440;

/** Below this many minutes in a reference period, neither average rule can be breached. */
const averageFloor = (limits: WtrLimits) =>
  Math.min(
    limits.averageWeekHours * 60 * limits.referenceWeeks,
    limits.nightHoursPer24 * 60 * limits.referenceWeeks * 6,
  );

/**
 * Whether the fortnight around the date decides the warnings of taking `shift` for someone who
 * works at most `boundMinutes` in the whole window: even with the shift taken, no reference period
 * can reach an average limit.
 */
export function fortnightDecides(boundMinutes: number, shift: TakenShift, limits: WtrLimits): boolean {
  return boundMinutes + shiftMinutesBound(shift) + CLOCK_CHANGE_MINUTES <= averageFloor(limits);
}

/** The most minutes in the whole window for which the fortnight decides taking any shift at all. */
export const anyShiftDecidedUpTo = (limits: WtrLimits) =>
  averageFloor(limits) - LONGEST_SHIFT_MINUTES - CLOCK_CHANGE_MINUTES;
