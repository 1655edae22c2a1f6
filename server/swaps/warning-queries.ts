import { sql } from "drizzle-orm";
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
export type WindowKey = { userId: number; from: string; to: string };

/**
 * A shifts alias's working shifts as one compact text (`id,date,type,start,end` joined by ';', in
 * date order): building JSON objects row by row cost twice as much in PostgreSQL on find-matches'
 * 50 windows of four months, and the windows are most of that answer's work.
 */
export const workingShiftsText = (alias: string) => {
  const c = (column: { name: string }) => `${alias}.${column.name}`;
  return sql.raw(
    `string_agg(${c(shifts.id)} || ',' || to_char(${c(shifts.date)}, 'YYYY-MM-DD') || ',' || ${c(shifts.shiftType)} || ',' || coalesce(${c(shifts.startTime)}, '') || ',' || coalesce(${c(shifts.endTime)}, ''), ';' order by ${c(shifts.date)}, ${c(shifts.id)})`,
  );
};

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
  const rows = await db.execute<{ i: number; window: string | null }>(sql`
    select k.i, (select ${workingShiftsText("w")} from ${shifts} w
      where w.user_id = k.user_id and w.date between k.from_day and k.to_day
        and w.shift_type in ('day', 'night', 'seeking_coverage')) as window
    from jsonb_to_recordset(${JSON.stringify(keys.map((k, i) => ({ i, user_id: k.userId, from_day: k.from, to_day: k.to })))}::jsonb)
      as k(i int, user_id int, from_day date, to_day date)`);
  const out: WindowShift[][] = keys.map(() => []);
  for (const r of rows.rows) out[Number(r.i)] = parseWorkingShifts(r.window);
  return out;
}
