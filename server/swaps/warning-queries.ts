import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ShiftType } from "../../common/enums";
import { shifts } from "../db/schema";
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
 * A shifts alias's working shifts as one compact text (`id,date,type,start,end` joined by ';', in
 * date order): building JSON objects row by row cost twice as much in PostgreSQL on find-matches'
 * 50 windows of four months, and the windows are most of that answer's work.
 */
export const workingShiftsText = (w: ShiftsAlias) =>
  sql`string_agg(${w.id} || ',' || to_char(${w.date}, 'YYYY-MM-DD') || ',' || ${w.shiftType} || ',' || coalesce(${w.startTime}, '') || ',' || coalesce(${w.endTime}, ''), ';' order by ${w.date}, ${w.id})`;

/** The shifts `workingShiftsText` wrote; null (no shift) is none. */
export function parseWorkingShifts(text: string | null): WindowShift[] {
  if (!text) return [];
  return text.split(";").map((entry) => {
    const [id, date, shiftType, startTime, endTime] = entry.split(",");
    return {
      id: Number(id),
      date,
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
