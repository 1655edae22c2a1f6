import { type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { addDays } from "../../common/dates";
import { DEFAULT_WTR_LIMITS, shiftWindow } from "../../common/working-time";
import { anyShiftDecidedUpTo } from "../../common/working-time-bounds";
import type { Db, Tx } from "./open";
import { shifts, userAvailability } from "./schema";
import { workingShiftsBetween } from "./working-shifts-text";

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
 * common/working-time-bounds.ts, and migration 0017.
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

/** Days before and after a day that a window around it spans, as `shiftWindow` draws it. */
function spanOf(limits: typeof DEFAULT_WTR_LIMITS) {
  const day = "2001-01-01";
  const { from, to } = shiftWindow({ from: day, to: day }, limits);
  const days = (d: string) => Math.round((Date.parse(d) - Date.parse(day)) / 86_400_000);
  return { before: -days(from), after: days(to) };
}

/**
 * The windows an Available Off Day's row keeps (`near_shifts`, `window_minutes`, `wide_shifts`): the
 * fortnight the rest rules read, and the reference period of the default limits, around the day. A
 * reader with other limits sees that its window is not the kept one (`keptWindows`) and reads its own.
 */
export const KEPT_WINDOWS = {
  near: spanOf({ ...DEFAULT_WTR_LIMITS, referenceWeeks: 0 }),
  wide: spanOf(DEFAULT_WTR_LIMITS),
};

/** Whether the windows around `date` are the ones its row keeps. */
export function keptWindows(date: string, near: { from: string; to: string }, wide: { from: string; to: string }) {
  const same = (w: { from: string; to: string }, span: { before: number; after: number }) =>
    w.from === addDays(date, -span.before) && w.to === addDays(date, span.after);
  return { near: same(near, KEPT_WINDOWS.near), wide: same(wide, KEPT_WINDOWS.wide) };
}

const b = alias(userAvailability, "b");
const ua = alias(userAvailability, "ua");

/**
 * The most minutes in its 17 weeks for which an Available Off Day's fortnight decides taking any
 * shift (default limits): a row over it keeps its whole window's working shifts as well.
 */
const KEPT_WHOLE_OVER = anyShiftDecidedUpTo(DEFAULT_WTR_LIMITS);

/** The working shifts of `ua`'s user within days `span` around its day, as compact text ('' for none). */
const keptShiftsText = (span: { before: number; after: number }) =>
  sql`coalesce(${workingShiftsBetween(ua.userId, sql`${ua.date} - ${span.before}::int`, sql`${ua.date} + ${span.after}::int`, false)}, '')`;

/** The kept columns of the Available Off Day rows `ua` the condition picks, from their shifts and days. */
const keptColumnsSql = (where: SQL) => sql`
  update ${userAvailability} ua set
    ${bare(userAvailability.nearShifts)} = ${keptShiftsText(KEPT_WINDOWS.near)},
    (${bare(userAvailability.windowMinutes)}, ${bare(userAvailability.wideShifts)}) = (
      select m.minutes, case when m.minutes > ${KEPT_WHOLE_OVER}::int then ${keptShiftsText(KEPT_WINDOWS.wide)} end
      from (select coalesce(sum(${b.workedMinutes}), 0)::int as minutes from ${userAvailability} ${b}
        where ${b.userId} = ${ua.userId} and ${b.workedMinutes} > 0
          and ${b.date} between ${ua.date} - ${KEPT_WINDOWS.wide.before}::int and ${ua.date} + ${KEPT_WINDOWS.wide.after}::int) m)
  where ${ua.status} = 'available' and ${where}`;

/** Every Available Off Day's kept columns, for a filled index (seed). */
export const allKeptColumnsSql: SQL = keptColumnsSql(sql`true`);

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
  // The Available Off Days whose fortnight or reference period holds one of the days.
  const sorted = [...new Set(days)].sort();
  const reach = Math.max(
    KEPT_WINDOWS.near.before,
    KEPT_WINDOWS.near.after,
    KEPT_WINDOWS.wide.before,
    KEPT_WINDOWS.wide.after,
  );
  await db.execute(
    keptColumnsSql(sql`${ua.userId} = ${userId}
      and ${ua.date} between ${addDays(sorted[0], -reach)}::date and ${addDays(sorted[sorted.length - 1], reach)}::date`),
  );
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
