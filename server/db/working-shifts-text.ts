import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ShiftType } from "../../common/enums";
import { dayString } from "../../common/london-time";
import { shifts } from "./schema";

// The compact text in which statements hand working shifts to the working-time rules: built by
// PostgreSQL (`workingShiftsText`), kept on Available Off Days by the availability index, read back
// by `parseWorkingShifts`.

export type WindowShift = {
  id: number;
  date: string;
  shiftType: ShiftType;
  startTime: string | null;
  endTime: string | null;
};
/** `shifts` under another name in a statement (`alias(shifts, "w")`). */
export type ShiftsAlias = ReturnType<typeof alias<typeof shifts, string>>;

/**
 * A shifts alias's working shifts as one compact text (`id,day,type,start,end` joined by ';', `day`
 * counted from 1970-01-01, `type` one letter): building JSON objects row by row cost twice as much in
 * PostgreSQL on find-matches' 50 windows of four months, and formatting each date as text cost as
 * much again as the rest; the windows are most of the work of matching, three-way search and cover
 * alerts. No `order by` in the aggregate (PostgreSQL 15 sorts each group for one, a fifth of the
 * cover candidates' statement) and no enum output function per row (another tenth): the parser
 * restores the names and the date order. Without `ids`, each id is written as 0: the same roster
 * is then the same text, whoever's it is.
 */
export const workingShiftsText = (w: ShiftsAlias, ids = true) =>
  sql`string_agg(${ids ? w.id : sql.raw("0")} || ',' || (${w.date} - date '1970-01-01') || ',' || case ${w.shiftType} when 'day' then 'd' when 'night' then 'n' when 'seeking_coverage' then 's' else ${w.shiftType}::text end || ',' || coalesce(${w.startTime}, '') || ',' || coalesce(${w.endTime}, ''), ';')`;

/**
 * The working shifts (day, night, seeking coverage) of user `owner` from day `from` to day `to`, as
 * one compact text (null when none): a scalar subquery for a statement's select list. How every
 * statement that hands windows to the working-time rules reads them.
 */
export function workingShiftsBetween(owner: SQLWrapper, from: SQLWrapper, to: SQLWrapper, ids = true): SQL {
  const w = alias(shifts, "w");
  return sql`(select ${workingShiftsText(w, ids)} from ${shifts} ${w}
    where ${w.userId} = ${owner} and ${w.shiftType} in ('day', 'night', 'seeking_coverage')
      and ${w.date} between ${from} and ${to})`;
}

const TYPE_OF_LETTER: Record<string, ShiftType> = { d: "day", n: "night", s: "seeking_coverage" };

/**
 * Day numbers as 'YYYY-MM-DD', remembered: the windows of one answer share a few hundred days. Bounded
 * by the days there are (a few thousand in the years a roster spans).
 */
const dayStrings = new Map<number, string>();
function dayOf(n: number): string {
  let day = dayStrings.get(n);
  if (day === undefined) {
    day = dayString(n);
    if (dayStrings.size < 20_000) dayStrings.set(n, day);
  }
  return day;
}

const byDateThenId = (a: WindowShift, b: WindowShift) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id);

/** The integer written from `from` up to the next `stop` character (a field of the compact text). */
function intAt(text: string, from: number, stop: number): [value: number, next: number] {
  let i = from;
  let sign = 1;
  if (text.charCodeAt(i) === 45) {
    sign = -1;
    i += 1;
  }
  let value = 0;
  for (let c = text.charCodeAt(i); c !== stop && i < text.length; c = text.charCodeAt(++i)) value = value * 10 + c - 48;
  return [sign * value, i + 1];
}

const COMMA = 44;

/**
 * The shifts `workingShiftsText` wrote, in date order (then id); null (no shift) is none. Read
 * character by character: splitting into arrays of fields was the largest part of the cover
 * eligibility step's time in Node, ahead of the working-time rules it feeds.
 */
export function parseWorkingShifts(text: string | null): WindowShift[] {
  if (!text) return [];
  const out: WindowShift[] = [];
  let sorted = true;
  let lastDay = Number.NEGATIVE_INFINITY;
  let lastId = 0;
  let i = 0;
  while (i < text.length) {
    const [id, afterId] = intAt(text, i, COMMA);
    const [day, afterDay] = intAt(text, afterId, COMMA);
    const typeEnd = text.indexOf(",", afterDay);
    const type = text.slice(afterDay, typeEnd);
    const startEnd = text.indexOf(",", typeEnd + 1);
    let entryEnd = text.indexOf(";", startEnd + 1);
    if (entryEnd < 0) entryEnd = text.length;
    if (day < lastDay || (day === lastDay && id < lastId)) sorted = false;
    lastDay = day;
    lastId = id;
    out.push({
      id,
      date: dayOf(day),
      shiftType: TYPE_OF_LETTER[type] ?? (type as ShiftType),
      startTime: startEnd > typeEnd + 1 ? text.slice(typeEnd + 1, startEnd) : null,
      endTime: entryEnd > startEnd + 1 ? text.slice(startEnd + 1, entryEnd) : null,
    });
    i = entryEnd + 1;
  }
  return sorted ? out : out.sort(byDateThenId);
}
