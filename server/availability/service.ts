import type { Availability } from "../../common/shifts";
import { lockUserDays, syncAvailability } from "../db/availability-index";
import type { Db, Tx } from "../db/open";
import type { userAvailability } from "../db/schema";
import { conflict, notFound } from "../errors";
import { alertOffDays, type CoverAlertOptions } from "../swaps/cover-alerts";
import { guardOffDays } from "../swaps/off-day-guard";
import {
  availabilityBetween,
  availabilityOn,
  insertRestDay,
  ownAvailability,
  setRestDayInterest,
  shiftKindsOn,
} from "./queries";

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
  const rows = await availabilityBetween(db, userId, start, end);
  return rows.map(toAvailability);
}

/**
 * Writes a status for a day through to the calendar (DESIGN §5.10): 'available' makes the day an
 * Available Off Day and 'rest' a plain rest day, creating the rest day when the day is empty;
 * either is a 409 on a day holding a working shift or leave. 'unavailable' comes only from such a
 * shift, so it is accepted (unchanged) on such a day and a 409 anywhere else. Nothing changes on a 409.
 */
async function writeThrough(
  tx: Tx,
  userId: number,
  date: string,
  status: Status,
  cover: CoverAlertOptions,
  confirmed: boolean,
) {
  // One writer per user at a time, so two quick taps cannot create two rest days.
  await lockUserDays(tx, userId);
  // Withdrawing the Available Off Day of an open swap request asks first (decision 006).
  const guard = await guardOffDays(tx, userId, [date]);
  const day = await shiftKindsOn(tx, userId, date);
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
      await setRestDayInterest(tx, userId, date, interest);
    } else {
      await insertRestDay(tx, userId, date, interest);
    }
    await alertOffDays(tx, cover, userId, await syncAvailability(tx, userId, [date]));
  }
  await guard.after(confirmed);
  return toAvailability(await availabilityOn(tx, userId, date));
}

export function setAvailability(
  db: Db,
  userId: number,
  date: string,
  status: Status,
  cover: CoverAlertOptions,
  confirmed = false,
) {
  return db.transaction((tx) => writeThrough(tx, userId, date, status, cover, confirmed));
}

export function updateAvailability(
  db: Db,
  userId: number,
  id: number,
  status: Status,
  cover: CoverAlertOptions,
  confirmed = false,
) {
  return db.transaction(async (tx) => {
    const row = await ownAvailability(tx, userId, id);
    if (!row) throw notFound(AVAILABILITY_NOT_FOUND);
    return writeThrough(tx, userId, row.date, status, cover, confirmed);
  });
}
