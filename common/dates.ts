import { tzOffset } from "@date-fns/tz";

/** Calendar days travel as 'yyyy-MM-dd'; "today" is the Europe/London day (DESIGN §3). */
export const LONDON = "Europe/London";

/** The day of month of the last Sunday of a month (0-based month), in UTC. */
const lastSunday = (year: number, month: number) => {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return last.getUTCDate() - last.getUTCDay();
};

/**
 * Minutes Europe/London is ahead of UTC at an instant (ms since the epoch). Since 1996 British
 * Summer Time runs from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of
 * October (Summer Time Order 2002); earlier instants ask the time-zone database. The rule is
 * computed rather than asked of Intl because a page's first Intl call sets up ICU, about 15 ms of
 * main thread on a desktop and four times that on a phone, on every screen's first paint
 * (docs/decisions/017-london-time-without-intl.md). tests/unit/london-dates.test.ts holds the rule
 * to the time-zone database for every change from 1996 to 2100.
 */
export function londonOffset(instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  if (!(year >= 1996)) return tzOffset(LONDON, new Date(instant));
  const start = Date.UTC(year, 2, lastSunday(year, 2), 1);
  const end = Date.UTC(year, 9, lastSunday(year, 9), 1);
  return instant >= start && instant < end ? 60 : 0;
}

/** The Europe/London calendar day of an instant, as yyyy-MM-dd. */
export function londonDate(instant: Date = new Date()): string {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError("Invalid time value");
  return new Date(ms + londonOffset(ms) * 60_000).toISOString().slice(0, 10);
}

export const todayInLondon = () => londonDate(new Date());

/** Orders yyyy-MM-dd days, which sort as plain text (no locale collation, which would set up ICU). */
export const compareDays = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day in yyyy-MM-dd form. */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d && y >= 1900 && y <= 2200;
}

/**
 * Accepts 'yyyy-MM-dd' or a full ISO timestamp; a timestamp becomes its Europe/London day.
 * Returns undefined when the value is not a date.
 */
export function toCalendarDay(value: string): string | undefined {
  const v = value.trim();
  if (DAY_PATTERN.test(v)) return isCalendarDay(v) ? v : undefined;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(v)) return undefined;
  const t = new Date(v);
  if (Number.isNaN(t.getTime())) return undefined;
  const day = londonDate(t);
  return isCalendarDay(day) ? day : undefined;
}

/** Adds whole days to a yyyy-MM-dd day. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d + n));
  return dt.toISOString().slice(0, 10);
}

/**
 * 'Sat, 12 Dec 2026' for a yyyy-MM-dd day, as the server's messages name days. It calls Intl, so it
 * is not for a screen's first paint (docs/decisions/017-london-time-without-intl.md).
 */
export function longDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-GB", {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
  });
}
