import { type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./open";
import { shifts, userAvailability } from "./schema";

// The user_availability index and the per-user day lock. Every change to a user's calendar (shifts,
// availability, swaps, roster imports) takes the lock and keeps the index in step, so they live
// here, below all of those features, rather than in any one of them.

type Conn = Db | Tx;

const s = alias(shifts, "s");

/**
 * The one availability rule (DESIGN §5.10), as an aggregate over the shifts `s` of one user's day:
 * any working shift or leave → unavailable; else an Available Off Day → available; else rest.
 */
export const dayStatusSql: SQL = sql`(case
    when bool_or(${s.shiftType} <> 'rest_day') then 'unavailable'
    when bool_or(${s.restDayShiftInterest}) then 'available'
    else 'rest'
  end)::availability`;

/** "HH:mm" as minutes of the day. */
const minutesOfDay = (c: SQL) => sql`(split_part(${c}, ':', 1)::int * 60 + split_part(${c}, ':', 2)::int)`;

/**
 * At least the minutes a shift `w` covers when it is a working one (day, night, seeking coverage),
 * else 0: its own times (ending at or before its start, it runs past midnight; equal times are a
 * whole day), or SPEC §9's 12 display hours when untimed. As `shiftMinutesBound` in
 * server/swaps/rest-bound.ts, and migration 0017.
 */
export function minutesBoundSql(w: { shiftType: unknown; startTime: unknown; endTime: unknown }): SQL {
  const start = sql`${w.startTime}`;
  const end = sql`${w.endTime}`;
  return sql`case when ${w.shiftType} not in ('day', 'night', 'seeking_coverage') then 0
    when ${start} is null or ${end} is null then 720
    else (${minutesOfDay(end)} - ${minutesOfDay(start)} + 1439) % 1440 + 1 end`;
}

/** The day's worked minutes (`worked_minutes`), as an aggregate over the shifts `s` of one user's day. */
const dayMinutesSql: SQL = sql`coalesce(sum(${minutesBoundSql(s)}), 0)::int`;

/** A column as an insert list or conflict target names it: bare, without its table. */
const bare = (c: { name: string }) => sql.identifier(c.name);
const indexColumns = sql`(${bare(userAvailability.userId)}, ${bare(userAvailability.date)}, ${bare(userAvailability.status)}, ${bare(userAvailability.workedMinutes)})`;

/** Every (user, day) with shifts, its status by the rule and its minutes, for filling an empty index (seed). */
export const allDayStatusesSql: SQL = sql`insert into ${userAvailability} ${indexColumns}
  select ${s.userId}, ${s.date}, ${dayStatusSql}, ${dayMinutesSql}
  from ${shifts} s
  group by ${s.userId}, ${s.date}
  order by ${s.userId}, ${s.date}`;

/** One writer of a user's days at a time (availability writes and swaps take it, in user id order). */
export async function lockUserDays(tx: Tx, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(727275, ${userId})`);
}

/**
 * Rebuilds the user's index rows on the days from their shifts; row ids stay for days that keep a
 * row. Returns the days that have just become Available Off Days.
 */
async function rebuildDays(db: Conn, userId: number, days: string[]): Promise<string[]> {
  const list = sql`${`{${[...new Set(days)].join(",")}}`}::date[]`;
  const ua = alias(userAvailability, "ua");
  await db.execute(sql`
    delete from ${userAvailability} ua
    where ${ua.userId} = ${userId} and ${ua.date} = any(${list})
      and not exists (select 1 from ${shifts} s where ${s.userId} = ${ua.userId} and ${s.date} = ${ua.date})`);
  const changed = await db.execute<{ date: string; status: string }>(sql`
    insert into ${userAvailability} ${indexColumns}
    select ${s.userId}, ${s.date}, ${dayStatusSql}, ${dayMinutesSql}
    from ${shifts} s
    where ${s.userId} = ${userId} and ${s.date} = any(${list})
    group by ${s.userId}, ${s.date}
    on conflict (${bare(userAvailability.userId)}, ${bare(userAvailability.date)})
    do update set ${bare(userAvailability.status)} = excluded.${bare(userAvailability.status)},
      ${bare(userAvailability.workedMinutes)} = excluded.${bare(userAvailability.workedMinutes)}
    where ${userAvailability.status} is distinct from excluded.${bare(userAvailability.status)}
      or ${userAvailability.workedMinutes} is distinct from excluded.${bare(userAvailability.workedMinutes)}
    returning to_char(${bare(userAvailability.date)}, 'YYYY-MM-DD') as date, ${bare(userAvailability.status)} as status`);
  // An Available Off Day has no working shift, so its minutes never change alone: an available
  // row returned here has just become available.
  return changed.rows.filter((r) => r.status === "available").map((r) => r.date);
}

/**
 * Rebuilds the user_availability index for some of a user's days from their shifts (DESIGN §5.10,
 * the rule is dayStatusSql); no shift → no row. Call it inside the transaction that changed those
 * shifts. Row ids are kept for days that still have a row, so swap requests pointing at them stay valid.
 * Returns the days that have just become Available Off Days, for the caller to tell the user who
 * needs cover on them (`alertOffDays` of server/swaps/cover-alerts.ts).
 */
export async function syncAvailability(tx: Tx | Db, userId: number, days: string[]): Promise<string[]> {
  if (days.length === 0) return [];
  return rebuildDays(tx, userId, days);
}
