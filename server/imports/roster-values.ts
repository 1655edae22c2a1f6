import { isCalendarDay } from "../../common/dates";
import { isNightByTimes } from "../../common/shift-rules";

/**
 * One spreadsheet cell as the workbook reader hands it over: text, or a number that may carry a
 * date or time number format (Excel stores both as serial numbers).
 */
export type Cell = { kind: "text"; text: string } | { kind: "number"; value: number; dated: boolean } | null;

// PostgreSQL text cannot hold NUL, and no roster means one: it is dropped on the way in.
export const textCell = (text: string): Cell => ({ kind: "text", text: text.replaceAll("\u0000", "") });
export const numberCell = (value: number, dated = false): Cell => ({ kind: "number", value, dated });

export function isBlank(cell: Cell): boolean {
  return cell === null || (cell.kind === "text" && cell.text.trim() === "");
}

/** How a cell reads in a message to the user. */
export function cellText(cell: Cell): string {
  if (cell === null) return "";
  if (cell.kind === "text") return cell.text.trim();
  return Number.isInteger(cell.value) ? String(cell.value) : String(Number(cell.value.toFixed(6)));
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(reason: string): Parsed<T> => ({ ok: false, reason });

export const quote = (s: string) => `'${s.length > 40 ? `${s.slice(0, 40)}…` : s}'`;

// Dates

/** Years a roster date may fall in; anything else is a typo or a number that is not a date. */
const MIN_YEAR = 2000;
const MAX_YEAR = 2099;

const pad = (n: number) => String(n).padStart(2, "0");

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

function monthNumber(name: string): number | undefined {
  const n = name.toLowerCase().replace(/\.$/, "");
  if (MONTHS[n]) return MONTHS[n];
  const full = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
  ].indexOf(n);
  return full >= 0 ? full + 1 : undefined;
}

function fullYear(y: string): number {
  const n = Number(y);
  return y.length <= 2 ? 2000 + n : n;
}

function dayOf(y: number, m: number, d: number, original: string): Parsed<string> {
  if (y < MIN_YEAR || y > MAX_YEAR) return fail(`Date ${quote(original)} is outside the years ${MIN_YEAR}–${MAX_YEAR}`);
  const day = `${y}-${pad(m)}-${pad(d)}`;
  return isCalendarDay(day) ? ok(day) : fail(`${quote(original)} is not a real date`);
}

/** Day of an Excel serial number (whole days since the workbook's epoch; the fraction is the time). */
export function serialToDay(serial: number, date1904 = false): string {
  const whole = Math.floor(serial + 1e-9);
  // 1900 system: day 1 is 1900-01-01 and Excel counts a 29 Feb 1900 that never was, so from day 61
  // on the epoch is 1899-12-30. 1904 system: day 0 is 1904-01-01.
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, whole < 61 ? 31 : 30);
  return new Date(epoch + whole * 86_400_000).toISOString().slice(0, 10);
}

const WEEKDAY = /^(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday)?\.?,?\s+/i;
const TRAILING_TIME = /[\sT]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:am|pm)?$/i;

/**
 * A roster date: UK day-first text (03/11/2026, 3/11/26, 03-11-2026, 03.11.2026, 03 Nov 2026,
 * Mon 3rd November 2026, Nov 3, 2026), ISO text (2026-11-03), or an Excel date cell or serial number.
 * Day-first is assumed for numeric text: these are UK rosters.
 */
export function parseRosterDate(cell: Cell, date1904 = false): Parsed<string> {
  if (cell === null) return fail("No date");
  if (cell.kind === "number") {
    const day = serialToDay(cell.value, date1904);
    const year = Number(day.slice(0, 4));
    if (cell.value < 1 || year < MIN_YEAR || year > MAX_YEAR) {
      return fail(`${quote(cellText(cell))} is not a date between ${MIN_YEAR} and ${MAX_YEAR}`);
    }
    return ok(day);
  }
  const original = cell.text.trim();
  if (!original) return fail("No date");
  // ISO first: a full timestamp keeps its own calendar day as written.
  const iso = original.match(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[T\s])/);
  if (iso) return dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]), original);

  const text = original.replace(WEEKDAY, "").replace(TRAILING_TIME, "").trim();
  const numeric = text.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/);
  if (numeric) return dayOf(fullYear(numeric[3]), Number(numeric[2]), Number(numeric[1]), original);

  const dayFirst = text.match(/^(\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?[\s/.-]+([A-Za-z]{3,9}\.?)[\s,/.-]+(\d{4}|\d{2})$/i);
  if (dayFirst) {
    const m = monthNumber(dayFirst[2]);
    if (m) return dayOf(fullYear(dayFirst[3]), m, Number(dayFirst[1]), original);
  }
  const monthFirst = text.match(/^([A-Za-z]{3,9}\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i);
  if (monthFirst) {
    const m = monthNumber(monthFirst[1]);
    if (m) return dayOf(Number(monthFirst[3]), m, Number(monthFirst[2]), original);
  }
  return fail(`Unrecognised date ${quote(original)}`);
}

// Times

/** Minutes after midnight, 0..1439. */
export type Minutes = number;

export const formatMinutes = (m: Minutes) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;

function clock(h: number, m: number, meridiem?: string): Minutes | undefined {
  if (m > 59) return undefined;
  if (meridiem) {
    if (h < 1 || h > 12) return undefined;
    const mer = meridiem.toLowerCase();
    h = (h % 12) + (mer === "pm" ? 12 : 0);
  }
  if (h === 24 && m === 0) return 0;
  if (h > 23) return undefined;
  return h * 60 + m;
}

function timeFromText(raw: string): Minutes | undefined {
  const t = raw
    .trim()
    .toLowerCase()
    .replace(/\s*(?:hrs|hours|hr|h)$/, "");
  if (t === "midnight") return 0;
  if (t === "noon" || t === "midday") return 12 * 60;
  const stamp = t.match(/^\d{4}-\d{2}-\d{2}[t\s](\d{2}):(\d{2})/);
  if (stamp) return clock(Number(stamp[1]), Number(stamp[2]));
  const hm = t.match(/^(\d{1,2})[:.](\d{2})(?::\d{2}(?:\.\d+)?)?\s*(am|pm|a\.m\.|p\.m\.)?$/);
  if (hm) return clock(Number(hm[1]), Number(hm[2]), hm[3]?.replace(/\./g, ""));
  const compact = t.match(/^(\d{3,4})$/);
  if (compact) {
    const n = compact[1].padStart(4, "0");
    return clock(Number(n.slice(0, 2)), Number(n.slice(2)));
  }
  const hourOnly = t.match(/^(\d{1,2})\s*(am|pm|a\.m\.|p\.m\.)?$/);
  if (hourOnly) return clock(Number(hourOnly[1]), 0, hourOnly[2]?.replace(/\./g, ""));
  return undefined;
}

function timeFromNumber(value: number, dated: boolean): Minutes | undefined {
  if (value < 0) return undefined;
  // A time (or date-time) cell, or a bare day fraction: Excel's own time value.
  if (dated || (value < 1 && !Number.isInteger(value))) {
    const fraction = value - Math.floor(value);
    return Math.round(fraction * 1440) % 1440;
  }
  if (Number.isInteger(value)) {
    // 7 reads as 07:00; 700 or 1930 as a 24-hour clock typed without its colon.
    if (value <= 23) return clock(value, 0);
    if (value <= 2400) return clock(Math.floor(value / 100), value % 100);
    return undefined;
  }
  // 7.3 or 19.45: hours and minutes typed with a dot, which Excel kept as a number.
  const [h, m] = value.toFixed(2).split(".");
  return clock(Number(h), Number(m));
}

/** A start or end time: 07:00, 7:00, 0700, 7am, 7.30, or an Excel time value; null when blank. */
export function parseRosterTime(cell: Cell, label = "time"): Parsed<Minutes> | null {
  if (cell === null || isBlank(cell)) return null;
  const minutes = cell.kind === "number" ? timeFromNumber(cell.value, cell.dated) : timeFromText(cell.text);
  return minutes === undefined ? fail(`Unrecognised ${label} ${quote(cellText(cell))}`) : ok(minutes);
}

/** One cell holding both times: '07:00-19:00', '0700 - 1900', '7am to 7pm'. */
export function parseTimeRange(cell: Cell): Parsed<[Minutes, Minutes]> | null {
  if (cell === null || isBlank(cell)) return null;
  const text = cellText(cell);
  const parts = text.split(/\s*(?:-|–|—|\bto\b|\buntil\b)\s*/i).filter(Boolean);
  if (parts.length === 2) {
    const a = timeFromText(parts[0]);
    const b = timeFromText(parts[1]);
    if (a !== undefined && b !== undefined) return ok([a, b]);
  }
  return fail(`Unrecognised times ${quote(text)}`);
}

export const TIME_STEP = 15;

/** The nearest 15-minute step (the grid every shift time lives on), wrapping past midnight. */
export function snapToStep(m: Minutes): Minutes {
  return (Math.round(m / TIME_STEP) * TIME_STEP) % 1440;
}

/** No shift type given: a start from 05:00 to 13:59 is a day shift, anything else a night. */
export function typeFromStart(start: Minutes): "day" | "night" {
  return start >= 5 * 60 && start < 14 * 60 ? "day" : "night";
}

/**
 * Day or night from a shift's times (DESIGN §5.12): with both times, a shift that runs past
 * midnight or starts before 05:00 is a night, so a late 14:00–22:00 is a day; with only a start,
 * as typeFromStart.
 */
export function typeFromTimes(start: Minutes, end: Minutes | null): "day" | "night" {
  if (end === null) return typeFromStart(start);
  return isNightByTimes(start, end) ? "night" : "day";
}
