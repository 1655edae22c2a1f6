import { createHash } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import ical, { type ICalCalendar } from "ical-generator";
import { addDays, LONDON } from "../../common/dates";
import { DISPLAY_FALLBACK_TIMES } from "../../common/shift-rules";
import type { Db } from "../db/open";
import type { ShiftRow } from "../db/schema";
import { newCalendarToken } from "../security/calendar-token";
import { ownerOfToken, recordFeedVersion, setToken, setTokenIfNone, shiftsFrom, tokenOf } from "./queries";

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

/** The user's feed token, created on first use. */
export async function getOrCreateToken(db: Db, userId: number): Promise<string> {
  const current = await tokenOf(db, userId);
  if (current) return current;
  // Only fills an empty token, so two first calls at once agree on one URL.
  await setTokenIfNone(db, userId, newCalendarToken());
  return (await tokenOf(db, userId)) as string;
}

/** A new token; the old URL stops working at once. */
export async function regenerateToken(db: Db, userId: number): Promise<string> {
  const token = newCalendarToken();
  await setToken(db, userId, token);
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
      // An edit moves DTSTAMP/LAST-MODIFIED and raises SEQUENCE (RFC 5545 §3.8.7), so calendar
      // apps take the new version instead of keeping the one they have.
      stamp: s.updatedAt,
      created: s.createdAt,
      lastModified: s.updatedAt,
      sequence: s.revision,
      ...(times
        ? { start: times.start, end: times.end }
        : { start: londonDay(s.date), end: londonDay(addDays(s.date, 1)), allDay: true }),
      location: s.location || undefined,
      description: description || undefined,
    });
  }
  return calendar;
}

export type Feed = { text: string; etag: string; lastModified: Date };

/**
 * The iCalendar text for a token with its validators, or null when no user has it. The ETag is
 * the text's hash. Last-Modified is when that hash was first served: a deleted shift leaves no row
 * to date it, so the time of the change is kept with the user, the same for every instance.
 */
export async function feedForToken(db: Db, token: string, today: string): Promise<Feed | null> {
  const owner = await ownerOfToken(db, token);
  if (!owner) return null;
  const rows = await shiftsFrom(db, owner.id, addDays(today, -PAST_DAYS));
  const text = buildCalendar(rows, owner).toString();
  const etag = `"${createHash("sha256").update(text).digest("base64url").slice(0, 32)}"`;
  if (owner.etag === etag && owner.changedAt) return { text, etag, lastModified: owner.changedAt };
  const changedAt = await recordFeedVersion(db, owner.id, etag);
  return { text, etag, lastModified: changedAt ?? new Date() };
}
