import type { PgColumn } from "drizzle-orm/pg-core";
import type { Shift } from "../../common/shifts";
import { type ShiftRow, shifts } from "../db/schema";

/**
 * The JSON shape of a shift everywhere in the API. shiftFields names the column behind each field;
 * shiftJsonSql (shift-json-queries.ts) builds the same JSON in PostgreSQL from it, for the large lists.
 */
export function toShift(row: ShiftRow): Shift {
  return {
    id: row.id,
    userId: row.userId,
    date: row.date,
    shiftType: row.shiftType,
    startTime: row.startTime,
    endTime: row.endTime,
    location: row.location,
    notes: row.notes,
    isProtected: row.isProtected,
    restDayShiftInterest: row.restDayShiftInterest,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The column behind each field of a Shift, in toShift's order: a field added to Shift fails tsc here. */
export const shiftFields = {
  id: shifts.id,
  userId: shifts.userId,
  date: shifts.date,
  shiftType: shifts.shiftType,
  startTime: shifts.startTime,
  endTime: shifts.endTime,
  location: shifts.location,
  notes: shifts.notes,
  isProtected: shifts.isProtected,
  restDayShiftInterest: shifts.restDayShiftInterest,
  createdAt: shifts.createdAt,
} satisfies Record<keyof Shift, PgColumn>;

/** A colleague's notes and location are their own business: listings of others leave them null. */
export const privateFields: readonly (keyof Shift)[] = ["location", "notes"];
