import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { Db, Tx } from "../db/open";
import { shifts, userAvailability } from "../db/schema";

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
