// Pure calendar arithmetic on 'yyyy-MM-dd' days; no time zones involved, unit-tested.
import { addDays } from "@common/dates";
import { DEFAULT_TIMES } from "@common/shift-rules";
import type { Shift } from "@common/shifts";

export type YearMonth = { year: number; month: number }; // month 1..12

const pad = (n: number) => String(n).padStart(2, "0");

export const dayOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: string): number {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function yearMonthOf(day: string): YearMonth {
  const [year, month] = day.split("-").map(Number);
  return { year, month };
}

export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function daysInMonth({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True when the day falls in the month. */
export const inMonth = (day: string, ym: YearMonth) => day.startsWith(`${ym.year}-${pad(ym.month)}-`);

/** The days of a month view: whole weeks from the Sunday on or before the 1st to the Saturday after the last. */
export function monthGrid(ym: YearMonth): string[] {
  const first = dayOf(ym.year, ym.month, 1);
  const last = dayOf(ym.year, ym.month, daysInMonth(ym));
  const start = addDays(first, -weekdayOf(first));
  const end = addDays(last, 6 - weekdayOf(last));
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}

/** `n` days starting with `from`. */
export function nextDays(from: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => addDays(from, i));
}

/** One row of a list of days: a day, or a run of consecutive empty days shown as one. */
export type DayRow = { day: string } | { from: string; to: string };

/** The days in order, with each run of two or more consecutive empty days collapsed into one row. */
export function groupEmptyDays(days: readonly string[], isEmpty: (day: string) => boolean): DayRow[] {
  const rows: DayRow[] = [];
  for (let i = 0; i < days.length; ) {
    let j = i;
    while (j < days.length && isEmpty(days[j])) j++;
    if (j - i >= 2) rows.push({ from: days[i], to: days[j - 1] });
    else rows.push({ day: days[i] });
    i = Math.max(j, i + 1);
  }
  return rows;
}

/** SPEC §5: a day counts as a rest day if it is a Friday, Saturday or Sunday and is not in the past. */
export function isRuleRestDay(day: string, today: string): boolean {
  const wd = weekdayOf(day);
  return (wd === 5 || wd === 6 || wd === 0) && day >= today;
}

/**
 * The demo's sample month: Friday to Sunday not in the past are rest days (every other one an
 * Available Off Day); weekdays run two days then two nights, with a week of leave and a shift that
 * is seeking coverage, so every colour of the legend shows.
 */
export function sampleMonth(ym: YearMonth, today: string): Shift[] {
  const out: Shift[] = [];
  let restCount = 0;
  for (let d = 1; d <= daysInMonth(ym); d += 1) {
    const date = dayOf(ym.year, ym.month, d);
    const wd = weekdayOf(date);
    const base = {
      id: ym.year * 10_000 + ym.month * 100 + d,
      userId: 0,
      date,
      isProtected: false,
      notes: null,
      location: null,
      createdAt: "",
    };
    if (isRuleRestDay(date, today)) {
      restCount += 1;
      out.push({
        ...base,
        shiftType: "rest_day",
        startTime: null,
        endTime: null,
        restDayShiftInterest: restCount % 2 === 0,
      });
    } else if (wd >= 1 && wd <= 4) {
      if (d >= 22 && d <= 25) {
        out.push({ ...base, shiftType: "annual_leave", startTime: null, endTime: null, restDayShiftInterest: false });
      } else {
        const type = wd <= 2 ? "day" : "night";
        const coverage = d >= 8 && d <= 14 && wd === 2;
        out.push({
          ...base,
          shiftType: coverage ? "seeking_coverage" : type,
          ...DEFAULT_TIMES[type],
          restDayShiftInterest: false,
        });
      }
    }
  }
  return out;
}

/**
 * The days GET /api/availability asks for (SPEC §7, §9): the earliest to the latest shift date, or
 * today to 12 months ahead when there are none.
 */
export function availabilityRange(shifts: Pick<Shift, "date">[], today: string): { start: string; end: string } {
  if (shifts.length === 0) {
    const [y, m, d] = today.split("-").map(Number);
    const end = dayOf(y + 1, m, Math.min(d, daysInMonth({ year: y + 1, month: m })));
    return { start: today, end };
  }
  let start = shifts[0].date;
  let end = shifts[0].date;
  for (const s of shifts) {
    if (s.date < start) start = s.date;
    if (s.date > end) end = s.date;
  }
  return { start, end };
}
