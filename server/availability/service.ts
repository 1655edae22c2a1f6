import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Availability } from "../../common/shifts";
import type { Db, Tx } from "../db/open";
import { shifts, userAvailability } from "../db/schema";
import { conflict, notFound } from "../errors";
import { syncAvailability } from "./sync";

type Row = typeof userAvailability.$inferSelect;
type Status = Availability["status"];

export const AVAILABILITY_NOT_FOUND = "Availability not found";
export const WORKING_DAY_CONFLICT = "You have a shift on this date. Change or delete it in your calendar first.";
export const REST_DAY_UNAVAILABLE_CONFLICT =
  "This date is a rest day in your calendar. Change it there, or mark it as a rest day instead.";
export const EMPTY_DAY_UNAVAILABLE_CONFLICT =
  "A date becomes unavailable when it holds a shift. Add the shift in your calendar instead.";

export function toAvailability(row: Row): Availability {
  return { id: row.id, userId: row.userId, date: row.date, status: row.status };
}

/** The user's availability index on the days start..end inclusive, by date. */
export async function listAvailability(db: Db, userId: number, start: string, end: string): Promise<Availability[]> {
  const rows = await db
    .select()
    .from(userAvailability)
    .where(and(eq(userAvailability.userId, userId), gte(userAvailability.date, start), lte(userAvailability.date, end)))
    .orderBy(asc(userAvailability.date));
  return rows.map(toAvailability);
}

/**
 * Writes a status for a day through to the calendar (DESIGN §5.10): 'available' makes the day an
 * Available Off Day and 'rest' a plain rest day, creating the rest day when the day is empty;
 * either is a 409 on a day holding a working shift or leave. 'unavailable' comes only from such a
 * shift, so it is accepted (unchanged) on such a day and a 409 anywhere else. Nothing changes on a 409.
 */
async function writeThrough(tx: Tx, userId: number, date: string, status: Status): Promise<Availability> {
  // One writer per user at a time, so two quick taps cannot create two rest days.
  await tx.execute(sql`select pg_advisory_xact_lock(727275, ${userId})`);
  const day = await tx
    .select({ id: shifts.id, shiftType: shifts.shiftType })
    .from(shifts)
    .where(and(eq(shifts.userId, userId), eq(shifts.date, date)));
  const working = day.some((s) => s.shiftType !== "rest_day");
  const restDays = day.filter((s) => s.shiftType === "rest_day");

  if (status === "unavailable") {
    if (!working) {
      throw conflict(restDays.length ? REST_DAY_UNAVAILABLE_CONFLICT : EMPTY_DAY_UNAVAILABLE_CONFLICT, "status");
    }
  } else {
    if (working) throw conflict(WORKING_DAY_CONFLICT, "date");
    const interest = status === "available";
    if (restDays.length) {
      await tx
        .update(shifts)
        .set({ restDayShiftInterest: interest })
        .where(and(eq(shifts.userId, userId), eq(shifts.date, date), eq(shifts.shiftType, "rest_day")));
    } else {
      await tx.insert(shifts).values({ userId, date, shiftType: "rest_day", restDayShiftInterest: interest });
    }
    await syncAvailability(tx, userId, [date]);
  }
  const [row] = await tx
    .select()
    .from(userAvailability)
    .where(and(eq(userAvailability.userId, userId), eq(userAvailability.date, date)));
  return toAvailability(row);
}

export function setAvailability(db: Db, userId: number, date: string, status: Status): Promise<Availability> {
  return db.transaction((tx) => writeThrough(tx, userId, date, status));
}

export function updateAvailability(db: Db, userId: number, id: number, status: Status): Promise<Availability> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userAvailability)
      .where(and(eq(userAvailability.id, id), eq(userAvailability.userId, userId)));
    if (!row) throw notFound(AVAILABILITY_NOT_FOUND);
    return writeThrough(tx, userId, row.date, status);
  });
}
