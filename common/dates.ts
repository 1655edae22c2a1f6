/** Calendar days travel as 'yyyy-MM-dd'; "today" is the Europe/London day (DESIGN §3). */
export const LONDON = "Europe/London";

const londonDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: LONDON,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The Europe/London calendar day of an instant, as yyyy-MM-dd. */
export function londonDate(instant: Date = new Date()): string {
  return londonDay.format(instant);
}

export const todayInLondon = () => londonDate(new Date());

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
