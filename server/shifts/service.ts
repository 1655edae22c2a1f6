import { isCalendarDay } from "../../common/dates";
import { shiftTypes } from "../../common/enums";
import {
  DATE_MESSAGE,
  type NormalizedShiftFields,
  normalizeShiftFields,
  SHIFT_TYPE_MESSAGE,
  type ShiftFields,
  TIME_MESSAGE,
  TIME_PATTERN,
  timePairIssue,
} from "../../common/shift-rules";
import type { ShiftUpdate } from "../../common/shifts";
import { lockUserDays, syncAvailability } from "../db/availability-index";
import type { Db, Tx } from "../db/open";
import type { ShiftRow } from "../db/schema";
import { transact } from "../db/transact";
import { badRequest, conflict, notFound } from "../errors";
import { alertOffDays, type CoverAlertOptions } from "../swaps/cover-alerts";
import { guardOffDays } from "../swaps/off-day-guard";
import {
  deleteShiftRow,
  deleteShiftsBetween,
  identicalShiftOf,
  insertShiftRows,
  lockShiftIdsBetween,
  offDaysOfOpenSwaps,
  shiftOfUser,
  shiftsInOpenSwaps,
  shiftsOfCompletedSwaps,
  updateShiftRow,
} from "./queries";

type Conn = Db | Tx;

export const SHIFT_NOT_FOUND = "Shift not found";

export const IN_OPEN_SWAP =
  "This shift is part of an open swap request. Cancel or finish the request before changing it.";

export const IN_COMPLETED_SWAP =
  "This shift came from a completed swap, whose record depends on it. You can change it, but not delete it.";

export const DUPLICATE_SHIFT = "You already have this shift on that date";

// Notes and location may change under an open request; what the other party agreed to may not.
const SWAP_RELEVANT = ["date", "shiftType", "startTime", "endTime", "isProtected"] as const;

/** What makes two of a user's shifts the same shift. */
const IDENTITY = ["date", "shiftType", "startTime", "endTime"] as const;

/**
 * Normalises and checks fields that did not come through the HTTP contract (imports, swaps);
 * throws a 400 naming the field.
 */
export function checkShiftFields(f: ShiftFields): NormalizedShiftFields {
  if (!isCalendarDay(f.date)) throw badRequest(DATE_MESSAGE, "date");
  if (!shiftTypes.includes(f.shiftType)) throw badRequest(SHIFT_TYPE_MESSAGE, "shiftType");
  const n = normalizeShiftFields(f);
  if (n.startTime !== null && !TIME_PATTERN.test(n.startTime)) throw badRequest(TIME_MESSAGE, "startTime");
  if (n.endTime !== null && !TIME_PATTERN.test(n.endTime)) throw badRequest(TIME_MESSAGE, "endTime");
  const issue = timePairIssue(n);
  if (issue) throw badRequest(issue.message, issue.field);
  return n;
}

/** The user's own shift, or 404 (someone else's shift is reported exactly like a missing one). */
export async function findOwnShift(db: Conn, userId: number, shiftId: number, forUpdate = false): Promise<ShiftRow> {
  const row = await shiftOfUser(db, userId, shiftId, forUpdate);
  if (!row) throw notFound(SHIFT_NOT_FOUND);
  return row;
}

/** Inserts shifts for one user and re-indexes availability on their days. */
export async function insertShifts(
  tx: Tx,
  userId: number,
  rows: ShiftFields[],
  cover: CoverAlertOptions,
): Promise<ShiftRow[]> {
  if (rows.length === 0) return [];
  const values = rows.map((r) => ({ ...checkShiftFields(r), userId }));
  const inserted = await insertShiftRows(tx, values);
  await alertOffDays(tx, cover, userId, await syncAvailability(tx, userId, [...new Set(values.map((v) => v.date))]));
  return inserted;
}

/**
 * 409 when the user already has a shift of the same type and times on the day (other than
 * `exceptId`). The caller holds the user's day lock (changeCalendar), so two identical requests
 * sent together cannot both pass. Checked here rather than by a unique index: a roster import
 * replaces whole days and a completed swap moves shifts, and neither should fail on it.
 */
async function refuseDuplicate(tx: Tx, userId: number, f: NormalizedShiftFields, exceptId?: number) {
  if ((await identicalShiftOf(tx, userId, f, exceptId)) !== undefined) throw conflict(DUPLICATE_SHIFT);
}

export async function createShift(
  tx: Tx,
  userId: number,
  fields: ShiftFields,
  cover: CoverAlertOptions,
  confirmed = false,
) {
  await refuseDuplicate(tx, userId, checkShiftFields(fields));
  const guard = await guardOffDays(tx, userId, [fields.date]);
  const [row] = await insertShifts(tx, userId, [fields], cover);
  await guard.after(confirmed);
  return row;
}

/**
 * Applies a partial change to the user's shift (404 if not theirs). The merged shift keeps the
 * invariants of normalizeShiftFields; both its old and new day are re-indexed.
 */
export async function updateShift(
  tx: Tx,
  userId: number,
  shiftId: number,
  patch: ShiftUpdate,
  cover: CoverAlertOptions,
  confirmed = false,
) {
  const current = await findOwnShift(tx, userId, shiftId, true);
  const defined = Object.fromEntries(
    Object.entries(patch).filter(([k, v]) => v !== undefined && k !== "userId"),
  ) as Partial<ShiftFields>;
  const merged = checkShiftFields({ ...current, ...defined });
  if (SWAP_RELEVANT.some((k) => merged[k] !== current[k]) && (await shiftsInOpenSwaps(tx, [shiftId])).size > 0) {
    throw conflict(IN_OPEN_SWAP);
  }
  // A duplicate kept from before is still editable as long as the edit does not make it one.
  if (IDENTITY.some((k) => merged[k] !== current[k])) await refuseDuplicate(tx, userId, merged, shiftId);
  const guard = await guardOffDays(tx, userId, [current.date, merged.date]);
  const row = await updateShiftRow(tx, shiftId, merged);
  await alertOffDays(tx, cover, userId, await syncAvailability(tx, userId, [current.date, row.date]));
  await guard.after(confirmed);
  return row;
}

export async function deleteShift(
  tx: Tx,
  userId: number,
  shiftId: number,
  cover: CoverAlertOptions,
  confirmed = false,
) {
  const current = await findOwnShift(tx, userId, shiftId, true);
  if ((await shiftsInOpenSwaps(tx, [shiftId])).size > 0) throw conflict(IN_OPEN_SWAP);
  if ((await shiftsOfCompletedSwaps(tx, [shiftId])).size > 0) throw conflict(IN_COMPLETED_SWAP);
  const guard = await guardOffDays(tx, userId, [current.date]);
  await deleteShiftRow(tx, shiftId);
  await alertOffDays(tx, cover, userId, await syncAvailability(tx, userId, [current.date]));
  await guard.after(confirmed);
  return current;
}

/**
 * One change to the user's calendar from the shift form, in its transaction, holding the user's
 * day lock first as swaps, availability and imports do (the same order, so no deadlock with an
 * agreement in flight, and a completing swap sees the change or waits for it); a change that takes
 * away the Available Off Day of an open request needs `confirmed` (decision 006), and its parties
 * hear of it once it commits.
 */
export function changeCalendar<T>(db: Db, userId: number, change: (tx: Tx) => Promise<T>): Promise<T> {
  return transact(db, async (tx) => {
    await lockUserDays(tx, userId);
    return change(tx);
  });
}

/**
 * Deletes the user's shifts on the days start..end inclusive, except shifts an open swap request
 * depends on (the requester's shift, offered shifts, the responder's Available Off Day) and shifts
 * of completed swaps; answers how many went.
 */
export async function clearDays(
  tx: Tx,
  userId: number,
  start: string,
  end: string,
  cover: CoverAlertOptions,
): Promise<number> {
  const ids = await lockShiftIdsBetween(tx, userId, start, end);
  const keep = new Set([
    ...(await shiftsInOpenSwaps(tx, ids)),
    ...(await offDaysOfOpenSwaps(tx, ids)),
    ...(await shiftsOfCompletedSwaps(tx, ids)),
  ]);
  const deletedDays = await deleteShiftsBetween(tx, userId, start, end, [...keep]);
  await alertOffDays(tx, cover, userId, await syncAvailability(tx, userId, deletedDays));
  return deletedDays.length;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** First and last day of a month (1..12) of a year. */
export function monthBounds(year: number, month: number): { start: string; end: string } {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: `${year}-${pad(month)}-01`, end: `${year}-${pad(month)}-${pad(last)}` };
}

export async function clearMonth(
  db: Db,
  userId: number,
  year: number,
  month: number,
  cover: CoverAlertOptions,
): Promise<number> {
  const { start, end } = monthBounds(year, month);
  return transact(db, async (tx) => {
    await lockUserDays(tx, userId);
    return clearDays(tx, userId, start, end, cover);
  });
}

export async function clearYear(db: Db, userId: number, year: number, cover: CoverAlertOptions): Promise<number> {
  return transact(db, async (tx) => {
    await lockUserDays(tx, userId);
    return clearDays(tx, userId, `${year}-01-01`, `${year}-12-31`, cover);
  });
}
