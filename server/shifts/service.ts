import { and, asc, eq, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import { isCalendarDay } from "../../common/dates";
import { shiftTypes } from "../../common/enums";
import {
  DATE_MESSAGE,
  type NormalizedShiftFields,
  normalizeShiftFields,
  SHIFT_TYPE_MESSAGE,
  type Shift,
  type ShiftFields,
  type ShiftUpdate,
  TIME_MESSAGE,
  TIME_PATTERN,
  timePairIssue,
} from "../../common/shifts";
import { syncAvailability } from "../availability/sync";
import type { Db, Tx } from "../db/open";
import { type ShiftRow, shifts, swapRequests } from "../db/schema";
import { badRequest, conflict, notFound } from "../errors";

type Conn = Db | Tx;

export const SHIFT_NOT_FOUND = "Shift not found";

export const IN_OPEN_SWAP =
  "This shift is part of an open swap request. Cancel or finish the request before changing it.";

/** The ids among `shiftIds` that an open (pending or accepted) swap request depends on. */
export async function shiftsInOpenSwaps(db: Conn, shiftIds: number[]): Promise<Set<number>> {
  if (shiftIds.length === 0) return new Set();
  const ids = sql`${`{${shiftIds.join(",")}}`}::int[]`;
  const result = await db.execute<{ id: number }>(sql`
    select r.requester_shift_id as id from swap_requests r
    where r.status in ('pending', 'accepted') and r.requester_shift_id = any(${ids})
    union
    select o.shift_id from swap_request_offers o join swap_requests r on r.id = o.swap_request_id
    where r.status in ('pending', 'accepted') and o.shift_id = any(${ids})`);
  return new Set(result.rows.map((r) => Number(r.id)));
}

export const IN_COMPLETED_SWAP =
  "This shift came from a completed swap, whose record depends on it. You can change it, but not delete it.";

/**
 * The ids among `shiftIds` that are the shift of a completed swap request: deleting one would
 * delete that request and its conversation with it (ON DELETE CASCADE), for both parties.
 */
export async function shiftsOfCompletedSwaps(db: Conn, shiftIds: number[]): Promise<Set<number>> {
  if (shiftIds.length === 0) return new Set();
  const rows = await db
    .select({ id: swapRequests.requesterShiftId })
    .from(swapRequests)
    .where(and(eq(swapRequests.status, "completed"), inArray(swapRequests.requesterShiftId, shiftIds)));
  return new Set(rows.map((r) => r.id));
}

// Notes and location may change under an open request; what the other party agreed to may not.
const SWAP_RELEVANT = ["date", "shiftType", "startTime", "endTime", "isProtected"] as const;

/** The JSON shape of a shift everywhere in the API. */
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

/** A user's shifts ordered by day and start time, optionally within [start, end] (inclusive days). */
export async function listShifts(
  db: Conn,
  userId: number,
  range: { start?: string; end?: string } = {},
): Promise<ShiftRow[]> {
  const where = [eq(shifts.userId, userId)];
  if (range.start) where.push(gte(shifts.date, range.start));
  if (range.end) where.push(lte(shifts.date, range.end));
  return db
    .select()
    .from(shifts)
    .where(and(...where))
    .orderBy(asc(shifts.date), sql`${shifts.startTime} asc nulls first`, asc(shifts.id));
}

/** The JSON text of a Shift, exactly as toShift serialises it. */
const SHIFT_JSON = sql`json_build_object(
  'id', s.id, 'userId', s.user_id, 'date', to_char(s.date, 'YYYY-MM-DD'), 'shiftType', s.shift_type,
  'startTime', s.start_time, 'endTime', s.end_time, 'location', s.location, 'notes', s.notes,
  'isProtected', s.is_protected, 'restDayShiftInterest', s.rest_day_shift_interest,
  'createdAt', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/**
 * listShifts as a ready JSON array (text), built by PostgreSQL: a year of shifts is large, and
 * parsing rows into objects only to serialise them again was the endpoint's main cost.
 */
export async function listShiftsJson(
  db: Conn,
  userId: number,
  range: { start?: string; end?: string } = {},
): Promise<string> {
  const start = range.start ? sql` and s.date >= ${range.start}::date` : sql``;
  const end = range.end ? sql` and s.date <= ${range.end}::date` : sql``;
  const result = await db.execute<{ body: string }>(sql`
    select coalesce(json_agg(${SHIFT_JSON} order by s.date, s.start_time asc nulls first, s.id), '[]'::json)::text as body
    from shifts s where s.user_id = ${userId}${start}${end}`);
  return result.rows[0].body;
}

/** The user's own shift, or 404 (someone else's shift is reported exactly like a missing one). */
export async function findOwnShift(db: Conn, userId: number, shiftId: number, forUpdate = false): Promise<ShiftRow> {
  const query = db
    .select()
    .from(shifts)
    .where(and(eq(shifts.id, shiftId), eq(shifts.userId, userId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound(SHIFT_NOT_FOUND);
  return row;
}

/** Inserts shifts for one user and re-indexes availability on their days. */
export async function insertShifts(tx: Tx, userId: number, rows: ShiftFields[]): Promise<ShiftRow[]> {
  if (rows.length === 0) return [];
  const values = rows.map((r) => ({ ...checkShiftFields(r), userId }));
  const inserted: ShiftRow[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    inserted.push(
      ...(await tx
        .insert(shifts)
        .values(values.slice(i, i + 1000))
        .returning()),
    );
  }
  await syncAvailability(tx, userId, [...new Set(values.map((v) => v.date))]);
  return inserted;
}

export async function createShift(tx: Tx, userId: number, fields: ShiftFields): Promise<ShiftRow> {
  const [row] = await insertShifts(tx, userId, [fields]);
  return row;
}

/**
 * Applies a partial change to the user's shift (404 if not theirs). The merged shift keeps the
 * invariants of normalizeShiftFields; both its old and new day are re-indexed.
 */
export async function updateShift(tx: Tx, userId: number, shiftId: number, patch: ShiftUpdate): Promise<ShiftRow> {
  const current = await findOwnShift(tx, userId, shiftId, true);
  const defined = Object.fromEntries(
    Object.entries(patch).filter(([k, v]) => v !== undefined && k !== "userId"),
  ) as Partial<ShiftFields>;
  const merged = checkShiftFields({ ...current, ...defined });
  if (SWAP_RELEVANT.some((k) => merged[k] !== current[k]) && (await shiftsInOpenSwaps(tx, [shiftId])).size > 0) {
    throw conflict(IN_OPEN_SWAP);
  }
  const [row] = await tx.update(shifts).set(merged).where(eq(shifts.id, shiftId)).returning();
  await syncAvailability(tx, userId, [current.date, row.date]);
  return row;
}

export async function deleteShift(tx: Tx, userId: number, shiftId: number): Promise<ShiftRow> {
  const current = await findOwnShift(tx, userId, shiftId, true);
  if ((await shiftsInOpenSwaps(tx, [shiftId])).size > 0) throw conflict(IN_OPEN_SWAP);
  if ((await shiftsOfCompletedSwaps(tx, [shiftId])).size > 0) throw conflict(IN_COMPLETED_SWAP);
  await tx.delete(shifts).where(eq(shifts.id, shiftId));
  await syncAvailability(tx, userId, [current.date]);
  return current;
}

/**
 * Replaces everything the user has on each day that `rows` covers with `rows` (a roster import:
 * re-importing a newer roster is safe). Days not in `rows` are untouched.
 */
export async function replaceShiftsOnDays(
  tx: Tx,
  userId: number,
  rows: ShiftFields[],
): Promise<{ deletedCount: number; shifts: ShiftRow[] }> {
  const checked = rows.map(checkShiftFields);
  const days = [...new Set(checked.map((r) => r.date))];
  if (days.length === 0) return { deletedCount: 0, shifts: [] };
  const deleted = await tx
    .delete(shifts)
    .where(and(eq(shifts.userId, userId), inArray(shifts.date, days)))
    .returning({ id: shifts.id });
  const inserted = await insertShifts(tx, userId, checked);
  return { deletedCount: deleted.length, shifts: inserted };
}

/**
 * Deletes the user's shifts on the days start..end inclusive, except shifts an open swap request
 * depends on and shifts of completed swaps; answers how many went.
 */
export async function deleteShiftsBetween(tx: Tx, userId: number, start: string, end: string): Promise<number> {
  const inRange = and(eq(shifts.userId, userId), gte(shifts.date, start), lte(shifts.date, end));
  const candidates = await tx.select({ id: shifts.id }).from(shifts).where(inRange).for("update");
  const ids = candidates.map((c) => c.id);
  const keep = new Set([...(await shiftsInOpenSwaps(tx, ids)), ...(await shiftsOfCompletedSwaps(tx, ids))]);
  const deleted = await tx
    .delete(shifts)
    .where(keep.size ? and(inRange, notInArray(shifts.id, [...keep])) : inRange)
    .returning({ date: shifts.date });
  await syncAvailability(
    tx,
    userId,
    deleted.map((d) => d.date),
  );
  return deleted.length;
}

/**
 * Gives a shift to another user (a completed swap), optionally changing its fields on the way;
 * re-indexes both users' days. The caller checks it may do so and holds the row lock it needs.
 */
export async function transferShift(
  tx: Tx,
  shiftId: number,
  toUserId: number,
  changes: Partial<ShiftFields> = {},
): Promise<ShiftRow> {
  const [current] = await tx.select().from(shifts).where(eq(shifts.id, shiftId)).for("update");
  if (!current) throw notFound(SHIFT_NOT_FOUND);
  const merged = checkShiftFields({ ...current, ...changes });
  const [row] = await tx
    .update(shifts)
    .set({ ...merged, userId: toUserId })
    .where(eq(shifts.id, shiftId))
    .returning();
  await syncAvailability(tx, current.userId, [current.date]);
  await syncAvailability(tx, toUserId, [current.date, row.date]);
  return row;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** First and last day of a month (1..12) of a year. */
export function monthBounds(year: number, month: number): { start: string; end: string } {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: `${year}-${pad(month)}-01`, end: `${year}-${pad(month)}-${pad(last)}` };
}

export async function clearMonth(db: Db, userId: number, year: number, month: number): Promise<number> {
  const { start, end } = monthBounds(year, month);
  return db.transaction((tx) => deleteShiftsBetween(tx, userId, start, end));
}

export async function clearYear(db: Db, userId: number, year: number): Promise<number> {
  return db.transaction((tx) => deleteShiftsBetween(tx, userId, `${year}-01-01`, `${year}-12-31`));
}
