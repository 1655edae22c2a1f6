import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/open";

/**
 * Rebuilds the user_availability index for some of a user's days from their shifts (DESIGN §5.10):
 * any working shift or leave → unavailable; else an Available Off Day → available; else a rest day
 * → rest; no shift → no row. Call it inside the transaction that changed those shifts.
 * Row ids are kept for days that still have a row, so swap requests pointing at them stay valid.
 */
export async function syncAvailability(tx: Tx | Db, userId: number, days: string[]): Promise<void> {
  if (days.length === 0) return;
  const list = sql`${`{${[...new Set(days)].join(",")}}`}::date[]`;
  await tx.execute(sql`
    delete from user_availability ua
    where ua.user_id = ${userId} and ua.date = any(${list})
      and not exists (select 1 from shifts s where s.user_id = ua.user_id and s.date = ua.date)`);
  await tx.execute(sql`
    insert into user_availability (user_id, date, status)
    select s.user_id, s.date,
      (case
        when bool_or(s.shift_type <> 'rest_day') then 'unavailable'
        when bool_or(s.rest_day_shift_interest) then 'available'
        else 'rest'
      end)::availability
    from shifts s
    where s.user_id = ${userId} and s.date = any(${list})
    group by s.user_id, s.date
    on conflict (user_id, date) do update set status = excluded.status
    where user_availability.status is distinct from excluded.status`);
}
