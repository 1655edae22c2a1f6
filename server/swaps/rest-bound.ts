import { addDays } from "../../common/dates";
import { type Focus, shiftWindow } from "../../common/working-time";
import { fortnightDecides } from "../../common/working-time-bounds";
import type { WorkingTimeShift, WtrLimits } from "../../common/working-time-types";
import { parseWorkingShifts } from "../db/working-shifts-text";
import { filterInSlices } from "../event-loop-slices";
import { warningsOfTaking } from "./find-matches";
import type { Conn } from "./queries";
import { type WindowKey, workedMinutesIn, workingWindows } from "./warning-queries";

// The eligibility of a cover alert runs the working-time rules for hundreds of colleagues at once.
// The averaging rules read 17 weeks of each one's shifts, the rest rules only the fortnight around
// the date: so each candidate comes with the fortnight and a bound of their minutes over the 17
// weeks (summed from the availability index's worked minutes), and only those whose bound could
// reach an average limit have their whole window read.

type TakenShift = Pick<WorkingTimeShift, "date" | "shiftType" | "startTime" | "endTime">;

/**
 * The windows the check of `date` reads: the fortnight the daily and weekly rest rules need
 * (`shiftWindow` without a reference period) and the whole window the averages need.
 */
export function restWindows(date: string, limits: WtrLimits): { near: Focus; wide: Focus } {
  const focus = { from: date, to: date };
  return { near: shiftWindow(focus, { ...limits, referenceWeeks: 0 }), wide: shiftWindow(focus, limits) };
}

type Candidate = { id: number; shifts: string | null; boundMinutes: number | null; wide: string | null };

/**
 * The candidates who get no new working-time warning from taking `shift`, exactly as
 * `warningsOfTaking` over their whole window says. The rest rules read only the fortnight around
 * the date (`shifts`, as `workingShiftsText` writes it without ids): colleagues on one rota line
 * share a fortnight, and its text is checked once. Where the minutes bound keeps every reference
 * period under its limit even with the shift taken, no average can be breached and the fortnight
 * decides alone; for the others the averaging rules are checked over the whole window, kept on
 * their row (`wide`) or read in one more statement.
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
  const unread = candidates.filter((c) => !near(c) && c.wide === null);
  const read = await workingWindows(
    tx,
    unread.map((c) => ({ userId: c.id, ...wide })),
  );
  const readOf = new Map(unread.map((c, i) => [c.id, read[i]]));
  const fortnights = new Map<string, boolean>();
  const restFree = (c: C) => {
    const key = c.shifts ?? "";
    let free = fortnights.get(key);
    if (free === undefined) {
      free = warningsOfTaking(parseWorkingShifts(c.shifts), shift, limits).length === 0;
      fortnights.set(key, free);
    }
    return free;
  };
  const averagesFree = (c: C) => {
    const whole = readOf.get(c.id) ?? parseWorkingShifts(c.wide);
    return warningsOfTaking(whole, shift, limits, "averages").length === 0;
  };
  return filterInSlices(candidates, (c) => restFree(c) && (near(c) || averagesFree(c)));
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
