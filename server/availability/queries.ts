import { and, asc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/open";
import { shifts, userAvailability } from "../db/schema";

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
export async function rebuildDays(db: Conn, userId: number, days: string[]): Promise<string[]> {
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

/** The user's index rows on the days start..end inclusive, by date. */
export function availabilityBetween(db: Db, userId: number, start: string, end: string) {
  return db
    .select()
    .from(userAvailability)
    .where(and(eq(userAvailability.userId, userId), gte(userAvailability.date, start), lte(userAvailability.date, end)))
    .orderBy(asc(userAvailability.date));
}

export async function availabilityOn(tx: Tx, userId: number, date: string) {
  const [row] = await tx
    .select()
    .from(userAvailability)
    .where(and(eq(userAvailability.userId, userId), eq(userAvailability.date, date)));
  return row;
}

export async function ownAvailability(tx: Tx, userId: number, id: number) {
  const [row] = await tx
    .select()
    .from(userAvailability)
    .where(and(eq(userAvailability.id, id), eq(userAvailability.userId, userId)));
  return row;
}

/** The kinds of the user's shifts on the day. */
export function shiftKindsOn(tx: Tx, userId: number, date: string) {
  return tx
    .select({ id: shifts.id, shiftType: shifts.shiftType })
    .from(shifts)
    .where(and(eq(shifts.userId, userId), eq(shifts.date, date)));
}

/** Marks the user's rest days on the day as an Available Off Day or not. */
export async function setRestDayInterest(tx: Tx, userId: number, date: string, interest: boolean) {
  await tx
    .update(shifts)
    .set({ restDayShiftInterest: interest })
    .where(and(eq(shifts.userId, userId), eq(shifts.date, date), eq(shifts.shiftType, "rest_day")));
}

export async function insertRestDay(tx: Tx, userId: number, date: string, interest: boolean) {
  await tx.insert(shifts).values({ userId, date, shiftType: "rest_day", restDayShiftInterest: interest });
}
