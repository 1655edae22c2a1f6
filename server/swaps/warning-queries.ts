import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ShiftType } from "../../common/enums";
import { dayString } from "../../common/london-time";
import { shifts, userAvailability } from "../db/schema";
import type { Conn } from "./queries";

export type WindowShift = {
  id: number;
  date: string;
  shiftType: ShiftType;
  startTime: string | null;
  endTime: string | null;
};
/** `shifts` under another name in a statement (`alias(shifts, "w")`). */
export type ShiftsAlias = ReturnType<typeof alias<typeof shifts, string>>;
export type WindowKey = { userId: number; from: string; to: string };

/**
 * A shifts alias's working shifts as one compact text (`id,day,type,start,end` joined by ';', in
 * date order, `day` counted from 1970-01-01): building JSON objects row by row cost twice as much in
 * PostgreSQL on find-matches' 50 windows of four months, and formatting each date as text cost as
 * much again as the rest; the windows are most of the work of matching, three-way search and cover alerts.
 */
export const workingShiftsText = (w: ShiftsAlias) =>
  sql`string_agg(${w.id} || ',' || (${w.date} - date '1970-01-01') || ',' || ${w.shiftType} || ',' || coalesce(${w.startTime}, '') || ',' || coalesce(${w.endTime}, ''), ';' order by ${w.date}, ${w.id})`;

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

/** The shifts `workingShiftsText` wrote; null (no shift) is none. */
export function parseWorkingShifts(text: string | null): WindowShift[] {
  if (!text) return [];
  return text.split(";").map((entry) => {
    const [id, day, shiftType, startTime, endTime] = entry.split(",");
    return {
      id: Number(id),
      date: dayOf(Number(day)),
      shiftType: shiftType as ShiftType,
      startTime: startTime || null,
      endTime: endTime || null,
    };
  });
}

/**
 * Each key's working shifts (day, night, seeking coverage: the checks ignore the rest) between its
 * days, in one statement for a whole list of requests; the answer follows the keys' order. Each
 * part is a bounded index range on (user_id, date).
 */
export async function workingWindows(db: Conn, keys: WindowKey[]): Promise<WindowShift[][]> {
  if (keys.length === 0) return [];
  const w = alias(shifts, "w");
  const rows = await db.execute<{ i: number; window: string | null }>(sql`
    select k.i, (select ${workingShiftsText(w)} from ${shifts} ${w}
      where ${w.userId} = k.owner and ${w.date} between k.first and k.last
        and ${w.shiftType} in ('day', 'night', 'seeking_coverage')) as window
    from jsonb_to_recordset(${JSON.stringify(keys.map((k, i) => ({ i, owner: k.userId, first: k.from, last: k.to })))}::jsonb)
      as k(i int, owner int, first date, last date)`);
  const out: WindowShift[][] = keys.map(() => []);
  for (const r of rows.rows) out[Number(r.i)] = parseWorkingShifts(r.window);
  return out;
}

/**
 * Each key's worked minutes between its days, at least (the availability index's `worked_minutes`,
 * summed from the working days' index alone); the answer follows the keys' order.
 */
export async function workedMinutesIn(db: Conn, keys: WindowKey[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const b = alias(userAvailability, "b");
  const rows = await db.execute<{ i: number; minutes: number }>(sql`
    select k.i, (select coalesce(sum(${b.workedMinutes}), 0)::int from ${userAvailability} ${b}
      where ${b.userId} = k.owner and ${b.date} between k.first and k.last and ${b.workedMinutes} > 0) as minutes
    from jsonb_to_recordset(${JSON.stringify(keys.map((k, i) => ({ i, owner: k.userId, first: k.from, last: k.to })))}::jsonb)
      as k(i int, owner int, first date, last date)`);
  const out = keys.map(() => 0);
  for (const r of rows.rows) out[Number(r.i)] = Number(r.minutes);
  return out;
}
