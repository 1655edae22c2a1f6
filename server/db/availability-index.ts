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

/** Every (user, day) with shifts and its status by the rule, for filling an empty index (seed). */
/** A column as an insert list or conflict target names it: bare, without its table. */
const bare = (c: { name: string }) => sql.identifier(c.name);
const indexColumns = sql`(${bare(userAvailability.userId)}, ${bare(userAvailability.date)}, ${bare(userAvailability.status)})`;

export const allDayStatusesSql: SQL = sql`insert into ${userAvailability} ${indexColumns}
  select ${s.userId}, ${s.date}, ${dayStatusSql}
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
    select ${s.userId}, ${s.date}, ${dayStatusSql}
    from ${shifts} s
    where ${s.userId} = ${userId} and ${s.date} = any(${list})
    group by ${s.userId}, ${s.date}
    on conflict (${bare(userAvailability.userId)}, ${bare(userAvailability.date)})
    do update set ${bare(userAvailability.status)} = excluded.${bare(userAvailability.status)}
    where ${userAvailability.status} is distinct from excluded.${bare(userAvailability.status)}
    returning to_char(${bare(userAvailability.date)}, 'YYYY-MM-DD') as date, ${bare(userAvailability.status)} as status`);
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
