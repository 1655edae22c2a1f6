import { and, asc, eq, gt, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { ShiftType } from "../../common/enums";
import { swappableShiftTypes } from "../../common/swap-rules";
import { lockUserDays } from "../db/availability-index";
import type { Db, Tx } from "../db/open";
import { shifts } from "../db/schema";
import type { Conn } from "./queries";

const unique = (ids: number[]) => [...new Set(ids)];

/** The (user, day) shift rows, locked in id order so concurrent swaps queue instead of deadlocking. */
export async function lockDays(tx: Tx, pairs: { userId: number; date: string }[]) {
  if (pairs.length === 0) return [];
  const cond = sql.join(
    pairs.map((p) => sql`(${shifts.userId} = ${p.userId} and ${shifts.date} = ${p.date})`),
    sql` or `,
  );
  return tx.select().from(shifts).where(cond).orderBy(asc(shifts.id)).for("update");
}

export async function lockShifts(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(shifts)
    .where(inArray(shifts.id, unique(ids)))
    .orderBy(asc(shifts.id))
    .for("update");
}

/** Does the user have a shift that keeps them busy on that day (work, leave or a shift to cover)? */
export function isBusy(dayRows: { shiftType: ShiftType }[]): boolean {
  return dayRows.some((s) => s.shiftType !== "rest_day");
}

/** The user's unprotected day and night shifts after the day, optionally on one date. */
export function swappableShiftsOf(db: Db, userId: number, after: string, date?: string) {
  return db
    .select()
    .from(shifts)
    .where(
      and(
        eq(shifts.userId, userId),
        date ? eq(shifts.date, date) : undefined,
        gt(shifts.date, after),
        eq(shifts.isProtected, false),
        inArray(shifts.shiftType, [...swappableShiftTypes]),
      ),
    )
    .orderBy(asc(shifts.date), sql`${shifts.startTime} asc nulls first`, asc(shifts.id));
}
export async function shiftById(db: Conn, id: number) {
  const [row] = await db.select().from(shifts).where(eq(shifts.id, id));
  return row;
}

/**
 * The user's shift with one more boolean worked out in the same statement (saves a round trip);
 * without one, the flag is true.
 */
export async function shiftOfUserWith(db: Conn, id: number, userId: number, flag?: SQL<unknown>) {
  const [row] = await db
    .select({ shift: shifts, flag: sql<boolean>`${flag ?? sql`true`}` })
    .from(shifts)
    .where(and(eq(shifts.id, id), eq(shifts.userId, userId)));
  return row;
}

export async function shiftOfUser(db: Conn, id: number, userId: number) {
  const [row] = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.id, id), eq(shifts.userId, userId)));
  return row;
}

export function shiftsByIds(db: Conn, ids: number[]) {
  return db.select().from(shifts).where(inArray(shifts.id, ids));
}

/** One of the days on which the user has something other than a rest day, if any. */
export async function firstBusyDay(db: Conn, userId: number, dates: string[]): Promise<string | undefined> {
  const [busy] = await db
    .select({ date: shifts.date })
    .from(shifts)
    .where(and(eq(shifts.userId, userId), inArray(shifts.date, dates), ne(shifts.shiftType, "rest_day")))
    .limit(1);
  return busy?.date;
}

/** Parties' locks on their days, in id order, as availability writes take them. */
export async function lockParties(tx: Tx, userIds: number[]) {
  for (const u of [...userIds].sort((a, b) => a - b)) await lockUserDays(tx, u);
}
