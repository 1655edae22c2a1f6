import { and, eq, gte, inArray, lte, ne, notInArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/open";
import { queryPrepared } from "../db/prepared";
import { type ShiftRow, shifts, swapRequestOffers, swapRequestParties, swapRequests } from "../db/schema";
import { shiftJsonSql } from "./shift-json-queries";

type Conn = Db | Tx;
export type DayRange = { start?: string; end?: string };

const openStatus = sql`in ('pending', 'accepted')`;

/**
 * The ids among `shiftIds` that an open (pending or accepted) swap request depends on: its
 * requester's shift, an offered shift, or a shift given in a three-way request.
 */
export async function shiftsInOpenSwaps(db: Conn, shiftIds: number[]): Promise<Set<number>> {
  if (shiftIds.length === 0) return new Set();
  const ids = sql`${`{${shiftIds.join(",")}}`}::int[]`;
  const r = alias(swapRequests, "r");
  const o = alias(swapRequestOffers, "o");
  const p = alias(swapRequestParties, "p");
  const result = await db.execute<{ id: number }>(sql`
    select ${r.requesterShiftId} as id from ${swapRequests} r
    where ${r.status} ${openStatus} and ${r.requesterShiftId} = any(${ids})
    union
    select ${o.shiftId} from ${swapRequestOffers} o join ${swapRequests} r on ${r.id} = ${o.swapRequestId}
    where ${r.status} ${openStatus} and ${o.shiftId} = any(${ids})
    union
    select ${p.givesShiftId} from ${swapRequestParties} p join ${swapRequests} r on ${r.id} = ${p.swapRequestId}
    where ${r.status} ${openStatus} and ${p.givesShiftId} = any(${ids})`);
  return new Set(result.rows.map((row) => Number(row.id)));
}

/**
 * The ids among `shiftIds` that are an Available Off Day an open request was made against: the
 * responder's rest day (with interest) on the date of the requester's shift, or a three-way party's
 * on the date of the shift they take (the previous party's, decision 038).
 */
export async function offDaysOfOpenSwaps(db: Conn, shiftIds: number[]): Promise<Set<number>> {
  if (shiftIds.length === 0) return new Set();
  const ids = sql`${`{${shiftIds.join(",")}}`}::int[]`;
  const d = alias(shifts, "d");
  const rs = alias(shifts, "rs");
  const r = alias(swapRequests, "r");
  const [me, prev] = [alias(swapRequestParties, "me"), alias(swapRequestParties, "prev")];
  const result = await db.execute<{ id: number }>(sql`
    select ${d.id} as id from ${shifts} d
    where ${d.id} = any(${ids}) and ${d.shiftType} = 'rest_day' and ${d.restDayShiftInterest}
      and (exists (select 1 from ${swapRequests} r join ${shifts} rs on ${rs.id} = ${r.requesterShiftId}
        where ${r.responderId} = ${d.userId} and ${r.status} ${openStatus} and ${rs.date} = ${d.date})
      or exists (select 1 from ${swapRequestParties} me
        join ${swapRequests} r on ${r.id} = ${me.swapRequestId} and ${r.status} ${openStatus}
        join ${swapRequestParties} prev on ${prev.swapRequestId} = ${me.swapRequestId}
          and ${prev.position} = (${me.position} + 2) % 3
        join ${shifts} rs on ${rs.id} = ${prev.givesShiftId}
        where ${me.userId} = ${d.userId} and ${rs.date} = ${d.date}))`);
  return new Set(result.rows.map((row) => Number(row.id)));
}

/** The ids among `shiftIds` that are the shift of a completed swap request. */
export async function shiftsOfCompletedSwaps(db: Conn, shiftIds: number[]): Promise<Set<number>> {
  if (shiftIds.length === 0) return new Set();
  const rows = await db
    .select({ id: swapRequests.requesterShiftId })
    .from(swapRequests)
    .where(and(eq(swapRequests.status, "completed"), inArray(swapRequests.requesterShiftId, shiftIds)));
  return new Set(rows.map((r) => r.id));
}

const s = alias(shifts, "s");
const SHIFT_JSON = shiftJsonSql("s", { colleague: false });

/** shiftsOf as a ready JSON array (text), built by PostgreSQL. */
export async function shiftsOfJson(db: Conn, userId: number, range: DayRange = {}): Promise<string> {
  const start = range.start ? sql` and ${s.date} >= ${range.start}::date` : sql``;
  const end = range.end ? sql` and ${s.date} <= ${range.end}::date` : sql``;
  const result = await db.execute<{ body: string }>(sql`
    select coalesce(json_agg(${SHIFT_JSON} order by ${s.date}, ${s.startTime} asc nulls first, ${s.id}), '[]'::json)::text as body
    from ${shifts} s where ${s.userId} = ${userId}${start}${end}`);
  return result.rows[0].body;
}

/**
 * A fingerprint of the user's shifts in a range: how many there are, and a hash over each one's id
 * and `xmin` (the transaction that wrote its current version).
 */
export async function shiftsFingerprint(db: Db, userId: number, range: DayRange) {
  const [row] = await queryPrepared<{ n: number; h: string }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(hashtextextended(${s.id}::text || ':' || s.xmin::text, 0)), 0)::text as h
        from ${shifts} s
        where ${s.userId} = ${userId}::int
          and ${s.date} >= coalesce(${range.start ?? null}::date, '-infinity'::date)
          and ${s.date} <= coalesce(${range.end ?? null}::date, 'infinity'::date)`,
  );
  return row;
}

export async function shiftOfUser(db: Conn, userId: number, shiftId: number, forUpdate = false) {
  const query = db
    .select()
    .from(shifts)
    .where(and(eq(shifts.id, shiftId), eq(shifts.userId, userId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row as ShiftRow | undefined;
}

/**
 * One of the user's shifts identical to `f` (same day, type and times, an untimed one matching an
 * untimed one), other than `exceptId`; undefined when there is none.
 */
export async function identicalShiftOf(
  tx: Tx,
  userId: number,
  f: { date: string; shiftType: ShiftRow["shiftType"]; startTime: string | null; endTime: string | null },
  exceptId?: number,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(
      and(
        eq(shifts.userId, userId),
        eq(shifts.date, f.date),
        eq(shifts.shiftType, f.shiftType),
        sql`${shifts.startTime} is not distinct from ${f.startTime}`,
        sql`${shifts.endTime} is not distinct from ${f.endTime}`,
        exceptId === undefined ? undefined : ne(shifts.id, exceptId),
      ),
    )
    .limit(1);
  return row?.id;
}

export async function insertShiftRows(tx: Tx, values: (typeof shifts.$inferInsert)[]): Promise<ShiftRow[]> {
  const inserted: ShiftRow[] = [];
  // In slices, so a large import stays under PostgreSQL's limit of bind parameters.
  for (let i = 0; i < values.length; i += 1000) {
    inserted.push(
      ...(await tx
        .insert(shifts)
        .values(values.slice(i, i + 1000))
        .returning()),
    );
  }
  return inserted;
}

export async function updateShiftRow(tx: Tx, shiftId: number, changes: Partial<typeof shifts.$inferInsert>) {
  const [row] = await tx.update(shifts).set(changes).where(eq(shifts.id, shiftId)).returning();
  return row;
}

export async function deleteShiftRow(tx: Tx, shiftId: number) {
  await tx.delete(shifts).where(eq(shifts.id, shiftId));
}

const between = (userId: number, start: string, end: string): SQL | undefined =>
  and(eq(shifts.userId, userId), gte(shifts.date, start), lte(shifts.date, end));

/** Ids of the user's shifts on the days start..end inclusive, locked. */
export async function lockShiftIdsBetween(tx: Tx, userId: number, start: string, end: string) {
  const rows = await tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(between(userId, start, end))
    .for("update");
  return rows.map((r) => r.id);
}

/** Deletes the user's shifts on the days start..end except `keep`; answers the days of those that went. */
export async function deleteShiftsBetween(tx: Tx, userId: number, start: string, end: string, keep: number[]) {
  const inRange = between(userId, start, end);
  const deleted = await tx
    .delete(shifts)
    .where(keep.length ? and(inRange, notInArray(shifts.id, keep)) : inRange)
    .returning({ date: shifts.date });
  return deleted.map((d) => d.date);
}
