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
 * Each key's working shifts (day, night, seeking coverage: the checks ignore the rest) between its
 * days, in one statement for a whole list of requests; the answer follows the keys' order. Each
 * part is a bounded index range on (user_id, date).
 */
export async function workingWindows(db: Conn, keys: WindowKey[]): Promise<WindowShift[][]> {
  if (keys.length === 0) return [];
  const rows = await db.execute<{ i: number; window: WindowShift[] }>(sql`
    select k.i, coalesce((select json_agg(json_build_object('id', w.id, 'date', w.date, 'shiftType', w.shift_type,
        'startTime', w.start_time, 'endTime', w.end_time) order by w.date, w.id)
      from ${shifts} w
      where w.user_id = k.user_id and w.date between k.from_day and k.to_day
        and w.shift_type in ('day', 'night', 'seeking_coverage')), '[]'::json) as window
    from jsonb_to_recordset(${JSON.stringify(keys.map((k, i) => ({ i, user_id: k.userId, from_day: k.from, to_day: k.to })))}::jsonb)
      as k(i int, user_id int, from_day date, to_day date)`);
  const out: WindowShift[][] = keys.map(() => []);
  for (const r of rows.rows) out[Number(r.i)] = r.window;
  return out;
}
