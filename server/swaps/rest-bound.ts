import { addDays } from "../../common/dates";
import { type Focus, shiftWindow } from "../../common/working-time";
import type { WorkingTimeShift, WtrLimits } from "../../common/working-time-types";
import { parseWorkingShifts } from "../db/working-shifts-text";
import { warningsOfTaking } from "./find-matches";
import type { Conn } from "./queries";
import { type WindowKey, workedMinutesIn, workingWindows } from "./warning-queries";

// The eligibility of a cover alert runs the working-time rules for hundreds of colleagues at once.
// The averaging rules read 17 weeks of each one's shifts, the rest rules only the fortnight around
// the date: so each candidate comes with the fortnight and a bound of their minutes over the 17
// weeks (summed from the availability index's worked minutes), and only those whose bound could
// reach an average limit have their whole window read.

type TakenShift = Pick<WorkingTimeShift, "date" | "shiftType" | "startTime" | "endTime">;

const minutesOf = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));

/** At least the minutes a working shift covers (as `minutesBoundSql` in server/db/availability-index.ts). */
export function shiftMinutesBound(s: Pick<WorkingTimeShift, "startTime" | "endTime">): number {
  if (!s.startTime || !s.endTime) return 720;
  return ((minutesOf(s.endTime) - minutesOf(s.startTime) + 1439) % 1440) + 1;
}

// A night across a clock change is an hour longer than its wall-clock times say.
const CLOCK_CHANGE_MINUTES = 60;

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

/**
 * The windows the check of `date` reads: the fortnight the daily and weekly rest rules need
 * (`shiftWindow` without a reference period) and the whole window the averages need.
 */
export function restWindows(date: string, limits: WtrLimits): { near: Focus; wide: Focus } {
  const focus = { from: date, to: date };
  return { near: shiftWindow(focus, { ...limits, referenceWeeks: 0 }), wide: shiftWindow(focus, limits) };
}

type Candidate = { id: number; shifts: string | null; boundMinutes: number | null };

/**
 * The candidates who get no new working-time warning from taking `shift`, exactly as
 * `warningsOfTaking` over their whole window says. Where the minutes bound keeps every reference
 * period under its limit even with the shift taken, no average can be breached, so the fortnight
 * (`shifts`, as `workingShiftsText` writes it without ids) decides; the others' whole windows are
 * read in one more statement. Colleagues on one rota line share a fortnight: its text is checked once.
 */
export async function withoutNewWarnings<C extends Candidate>(
  tx: Conn,
  candidates: C[],
  shift: TakenShift,
  limits: WtrLimits | null,
): Promise<C[]> {
  if (!limits) return candidates;
  const near = (c: C) => c.boundMinutes !== null && fortnightDecides(c.boundMinutes, shift, limits);
  const { wide } = restWindows(shift.date, limits);
  const busy = candidates.filter((c) => !near(c));
  const whole = await workingWindows(
    tx,
    busy.map((c) => ({ userId: c.id, ...wide })),
  );
  const wholeOf = new Map(busy.map((c, i) => [c.id, whole[i]]));
  const fortnights = new Map<string, boolean>();
  const freeOver = (window: readonly WorkingTimeShift[]) => warningsOfTaking(window, shift, limits).length === 0;
  return candidates.filter((c) => {
    const window = wholeOf.get(c.id);
    if (window) return freeOver(window);
    const key = c.shifts ?? "";
    let free = fortnights.get(key);
    if (free === undefined) {
      free = freeOver(parseWorkingShifts(c.shifts));
      fortnights.set(key, free);
    }
    return free;
  });
}

/** A shift of a whole day: the most one shift can add, when the shift is not known yet. */
const ANY_SHIFT = { date: "", shiftType: "day", startTime: "00:00", endTime: "00:00" } as const;

/** Spans in date order merged where they overlap or touch, per user (keys in user order). */
function mergedKeys(spans: ReadonlyMap<number, Focus[]>): WindowKey[] {
  const keys: WindowKey[] = [];
  for (const [userId, list] of spans) {
    for (const span of [...list].sort((x, y) => (x.from < y.from ? -1 : x.from > y.from ? 1 : 0))) {
      const last = keys[keys.length - 1];
      if (last && last.userId === userId && span.from <= addDays(last.to, 1)) {
        if (span.to > last.to) last.to = span.to;
      } else keys.push({ userId, ...span });
    }
  }
  return keys;
}

/**
 * Each person's working shifts around every date they might take, for `warningsOfTaking` on any
 * shift of those dates, in two statements: the minutes bound of each date's whole window, then the
 * shifts of the fortnight around each date the bound decides and of the whole window around the
 * others, merged where they overlap so no shift is read twice. Nothing when the checks are off.
 */
export async function shiftsAroundDates(
  db: Conn,
  dates: ReadonlyMap<number, Iterable<string>>,
  limits: WtrLimits | null,
): Promise<Map<number, WorkingTimeShift[]>> {
  const out = new Map<number, WorkingTimeShift[]>();
  for (const id of dates.keys()) out.set(id, []);
  if (!limits) return out;
  const asked = [...dates].flatMap(([userId, days]) =>
    [...new Set(days)].map((date) => ({ userId, date, ...restWindows(date, limits) })),
  );
  const bounds = await workedMinutesIn(
    db,
    asked.map((a) => ({ userId: a.userId, ...a.wide })),
  );
  const spans = new Map<number, Focus[]>();
  asked.forEach((a, i) => {
    const list = spans.get(a.userId) ?? [];
    list.push(fortnightDecides(bounds[i], ANY_SHIFT, limits) ? a.near : a.wide);
    spans.set(a.userId, list);
  });
  const keys = mergedKeys(spans);
  const windows = await workingWindows(db, keys);
  keys.forEach((k, i) => {
    out.get(k.userId)?.push(...windows[i]);
  });
  return out;
}
