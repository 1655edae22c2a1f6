import { randomBytes } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { and, asc, eq, gte, isNull } from "drizzle-orm";
import ical, { type ICalCalendar } from "ical-generator";
import { addDays, LONDON, todayInLondon } from "../../common/dates";
import { DISPLAY_FALLBACK_TIMES } from "../../common/shifts";
import type { Db } from "../db/open";
import { type ShiftRow, shifts, users } from "../db/schema";

/** How far back the feed reaches; calendar apps keep what they already fetched. */
const PAST_DAYS = 365;

// Europe/London since 1996: BST from the last Sunday of March 01:00 UTC to the last Sunday of
// October 01:00 UTC. RFC 5545 needs a VTIMEZONE for every TZID the feed uses.
const LONDON_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/London",
  "X-LIC-LOCATION:Europe/London",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0000",
  "TZOFFSETTO:+0100",
  "TZNAME:BST",
  "DTSTART:19700329T010000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0000",
  "TZNAME:GMT",
  "DTSTART:19701025T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

export const newCalendarToken = () => randomBytes(32).toString("base64url");

/** The user's feed token, created on first use. */
export async function getOrCreateToken(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ token: users.calendarToken }).from(users).where(eq(users.id, userId));
  if (row?.token) return row.token;
  const token = newCalendarToken();
  // Only fills an empty token, so two first calls at once agree on one URL.
  await db
    .update(users)
    .set({ calendarToken: token })
    .where(and(eq(users.id, userId), isNull(users.calendarToken)));
  const [after] = await db.select({ token: users.calendarToken }).from(users).where(eq(users.id, userId));
  return after.token as string;
}

/** A new token; the old URL stops working at once. */
export async function regenerateToken(db: Db, userId: number): Promise<string> {
  const token = newCalendarToken();
  await db.update(users).set({ calendarToken: token }).where(eq(users.id, userId));
  return token;
}

const summaries: Record<ShiftRow["shiftType"], string> = {
  day: "Day shift",
  night: "Night shift",
  rest_day: "Rest day",
  annual_leave: "Annual leave",
  seeking_coverage: "Seeking coverage",
};

function atLondon(day: string, time: string): TZDate {
  const [y, m, d] = day.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return new TZDate(y, m - 1, d, hh, mm, 0, LONDON);
}

function londonDay(day: string): TZDate {
  const [y, m, d] = day.split("-").map(Number);
  return new TZDate(y, m - 1, d, LONDON);
}

/** When a shift starts and ends, or null for an all-day entry. */
export function shiftTimes(s: Pick<ShiftRow, "date" | "shiftType" | "startTime" | "endTime">) {
  let start = s.startTime;
  let end = s.endTime;
  if ((!start || !end) && (s.shiftType === "day" || s.shiftType === "night")) {
    ({ startTime: start, endTime: end } = DISPLAY_FALLBACK_TIMES[s.shiftType]);
  }
  if (!start || !end) return null;
  // An end at or before the start is the next morning (a night shift).
  const endDay = end <= start ? addDays(s.date, 1) : s.date;
  return { start: atLondon(s.date, start), end: atLondon(endDay, end) };
}

export function buildCalendar(rows: ShiftRow[], owner: { firstName: string }): ICalCalendar {
  const calendar = ical({
    name: `CrewSwap shifts – ${owner.firstName}`,
    prodId: { company: "CrewSwap", product: "Shifts", language: "EN" },
    // No calendar-wide zone, so DTSTAMP stays in UTC; each event names Europe/London itself.
    timezone: { name: null, generator: (tz) => (tz === LONDON ? LONDON_VTIMEZONE : null) },
    ttl: 60 * 60,
  });
  for (const s of rows) {
    const times = shiftTimes(s);
    const interest = s.shiftType === "rest_day" && s.restDayShiftInterest;
    const description = [
      interest ? "Available Off Day (open to a swap)" : null,
      s.isProtected ? "Protected" : null,
      s.notes,
    ]
      .filter(Boolean)
      .join("\n");
    calendar.createEvent({
      id: `shift-${s.id}@crewswap`,
      summary: summaries[s.shiftType],
      timezone: LONDON,
      stamp: s.createdAt,
      ...(times
        ? { start: times.start, end: times.end }
        : { start: londonDay(s.date), end: londonDay(addDays(s.date, 1)), allDay: true }),
      location: s.location || undefined,
      description: description || undefined,
    });
  }
  return calendar;
}

/** The iCalendar text for a token, or null when no user has it. */
export async function feedForToken(db: Db, token: string): Promise<string | null> {
  const [owner] = await db
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(eq(users.calendarToken, token));
  if (!owner) return null;
  const rows = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.userId, owner.id), gte(shifts.date, addDays(todayInLondon(), -PAST_DAYS))))
    .orderBy(asc(shifts.date), asc(shifts.id));
  return buildCalendar(rows, owner).toString();
}
