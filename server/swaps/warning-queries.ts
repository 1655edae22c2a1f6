import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { queryPreparedIn } from "../db/prepared";
import { userAvailability } from "../db/schema";
import { parseWorkingShifts, type WindowShift, workingShiftsBetween } from "../db/working-shifts-text";
import type { Conn } from "./queries";

export type WindowKey = { userId: number; from: string; to: string };

/**
 * Each key's working shifts (day, night, seeking coverage: the checks ignore the rest) between its
 * days, in one statement for a whole list of requests; the answer follows the keys' order. Each
 * part is a bounded index range on (user_id, date), whatever the keys: so the statement is prepared,
 * not planned again on each call (with `workedMinutesIn`, 0.35 ms of the three-way search's 4.7 ms
 * of database CPU a request).
 */
export async function workingWindows(db: Conn, keys: WindowKey[]): Promise<WindowShift[][]> {
  if (keys.length === 0) return [];
  const rows = await queryPreparedIn<{ i: number; window: string | null }>(
    db,
    sql`
    select k.i, ${workingShiftsBetween(sql`k.owner`, sql`k.first`, sql`k.last`)} as window
    from jsonb_to_recordset(${JSON.stringify(keys.map((k, i) => ({ i, owner: k.userId, first: k.from, last: k.to })))}::jsonb)
      as k(i int, owner int, first date, last date)`,
  );
  const out: WindowShift[][] = keys.map(() => []);
  for (const r of rows) out[Number(r.i)] = parseWorkingShifts(r.window);
  return out;
}

/**
 * Each key's worked minutes between its days, at least (the availability index's `worked_minutes`,
 * summed from the working days' index alone); the answer follows the keys' order. Prepared, as
 * `workingWindows`.
 */
export async function workedMinutesIn(db: Conn, keys: WindowKey[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const b = alias(userAvailability, "b");
  const rows = await queryPreparedIn<{ i: number; minutes: number }>(
    db,
    sql`
    select k.i, (select coalesce(sum(${b.workedMinutes}), 0)::int from ${userAvailability} ${b}
      where ${b.userId} = k.owner and ${b.date} between k.first and k.last and ${b.workedMinutes} > 0) as minutes
    from jsonb_to_recordset(${JSON.stringify(keys.map((k, i) => ({ i, owner: k.userId, first: k.from, last: k.to })))}::jsonb)
      as k(i int, owner int, first date, last date)`,
  );
  const out = keys.map(() => 0);
  for (const r of rows) out[Number(r.i)] = Number(r.minutes);
  return out;
}
