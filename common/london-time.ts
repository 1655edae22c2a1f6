import { londonOffset } from "./dates";

/**
 * Europe/London wall-clock time as whole minutes since the Unix epoch, for rules that measure real
 * elapsed time across clock changes. Days are numbered (days since 1970-01-01) so hot loops never
 * build Date objects; each day's offsets are computed once and remembered.
 */
const DAY_MS = 86_400_000;

const digit = (s: string, i: number) => s.charCodeAt(i) - 48;

/** yyyy-MM-dd → days since 1970-01-01 (proleptic Gregorian, without building a Date: a hot path). */
export function dayNumber(day: string): number {
  let y = digit(day, 0) * 1000 + digit(day, 1) * 100 + digit(day, 2) * 10 + digit(day, 3);
  const m = digit(day, 5) * 10 + digit(day, 6);
  const d = digit(day, 8) * 10 + digit(day, 9);
  // Days from civil (H. Hinnant): years start in March so the leap day ends them.
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Days since 1970-01-01 → yyyy-MM-dd. */
export const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

const MAX_REMEMBERED = 50_000;
/** Offset (minutes) in force as each day begins and as it ends; equal on all but two days a year. */
const dayOffsets = new Map<number, readonly [number, number]>();
/** Instants of wall times on the days the clocks change. */
const changeDayInstants = new Map<number, number>();

const offsetAt = (utcMinutes: number) => londonOffset(utcMinutes * 60_000);

function offsetsOf(n: number): readonly [number, number] {
  let known = dayOffsets.get(n);
  if (!known) {
    const midnight = n * 1440;
    // UTC instants an hour outside the day see the offsets in force at its start and end.
    known = [offsetAt(midnight - 60), offsetAt(midnight + 24 * 60 + 60)];
    if (dayOffsets.size >= MAX_REMEMBERED) dayOffsets.clear();
    dayOffsets.set(n, known);
  }
  return known;
}

/**
 * The instant (minutes since the epoch) of `minutes` past midnight on London day number `n`. A wall
 * time that happens twice (the autumn hour) is taken in GMT, its second occurrence; one that never
 * happens (the spring hour) is moved an hour on: both as @date-fns/tz's TZDate does.
 */
export function londonMinuteOf(n: number, minutes: number): number {
  const wall = n * 1440 + minutes;
  const [before, after] = offsetsOf(n);
  if (before === after) return wall - before;
  let instant = changeDayInstants.get(wall);
  if (instant === undefined) {
    const late = wall - after;
    const early = wall - before;
    instant = offsetAt(late) === after ? late : offsetAt(early) === before ? early : early;
    if (changeDayInstants.size >= MAX_REMEMBERED) changeDayInstants.clear();
    changeDayInstants.set(wall, instant);
  }
  return instant;
}
