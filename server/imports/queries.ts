import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/open";
import {
  rateLimits,
  type ShiftRow,
  shifts,
  shiftType,
  swapRequestOffers,
  swapRequestParties,
  swapRequests,
  userAvailability,
  users,
} from "../db/schema";

export const intList = (ids: number[]) => sql`${`{${ids.join(",")}}`}::int[]`;
export const dayList = (days: string[]) => sql`${`{${days.join(",")}}`}::date[]`;

/**
 * Ids of the given shifts that swap requests point at (as the requester's shift, an offer or a shift
 * given in a three-way request), and which of those are open.
 */
export async function swapLinks(tx: Tx, ids: number[]) {
  const open = new Set<number>();
  const referenced = new Set<number>();
  if (ids.length === 0) return { open, referenced };
  const isOpen = sql`${swapRequests.status} in ('pending', 'accepted')`;
  const { rows } = await tx.execute<{ id: number; open: boolean }>(sql`
    select ${swapRequests.requesterShiftId} as id, ${isOpen} as open
      from ${swapRequests} where ${swapRequests.requesterShiftId} = any(${intList(ids)})
    union all
    select ${swapRequestOffers.shiftId} as id, ${isOpen} as open
      from ${swapRequestOffers} join ${swapRequests} on ${swapRequests.id} = ${swapRequestOffers.swapRequestId}
      where ${swapRequestOffers.shiftId} = any(${intList(ids)})
    union all
    select ${swapRequestParties.givesShiftId} as id, ${isOpen} as open
      from ${swapRequestParties} join ${swapRequests} on ${swapRequests.id} = ${swapRequestParties.swapRequestId}
      where ${swapRequestParties.givesShiftId} = any(${intList(ids)})`);
  for (const row of rows) {
    referenced.add(row.id);
    if (row.open) open.add(row.id);
  }
  return { open, referenced };
}

/**
 * The user's days among `days` that are their Available Off Day in an open request they were asked
 * to cover, or on which they would work another's shift in an open three-way request: working there
 * would leave the request pointing at an off day that is gone.
 */
export async function offDaysInOpenRequests(tx: Tx, userId: number, days: string[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  // A three-way party works the previous party's shift on their own off day (decision 038).
  const [me, prev, given] = [
    alias(swapRequestParties, "me"),
    alias(swapRequestParties, "prev"),
    alias(shifts, "given"),
  ];
  const { rows } = await tx.execute<{ date: string }>(sql`
    select distinct to_char(${userAvailability.date}, 'YYYY-MM-DD') as "date"
      from ${swapRequests} join ${userAvailability} on ${userAvailability.id} = ${swapRequests.responderAvailabilityId}
     where ${swapRequests.responderId} = ${userId} and ${swapRequests.status} in ('pending', 'accepted')
       and ${userAvailability.date} = any(${dayList(days)})
    union
    select to_char(${given.date}, 'YYYY-MM-DD') from ${swapRequestParties} ${me}
      join ${swapRequests} on ${swapRequests.id} = ${me.swapRequestId} and ${swapRequests.status} in ('pending', 'accepted')
      join ${swapRequestParties} ${prev} on ${prev.swapRequestId} = ${me.swapRequestId}
        and ${prev.position} = (${me.position} + 2) % 3
      join ${shifts} ${given} on ${given.id} = ${prev.givesShiftId}
     where ${me.userId} = ${userId} and ${given.date} = any(${dayList(days)})`);
  return new Set(rows.map((r) => r.date));
}

/** A day on which a completed swap moved a shift to or from the user (DESIGN §5.7, §5.16). */
export type SwappedDay = { date: string; swapRequestId: number; otherName: string; grsApproved: boolean };

/**
 * The user's days among `days` that a completed swap changed: the requester's shift's day and the
 * chosen return shift's day, whichever side the user was on. The latest swap of a day names it.
 */
export async function swappedDays(tx: Tx, userId: number, days: string[]): Promise<Map<string, SwappedDay>> {
  const found = new Map<string, SwappedDay>();
  if (days.length === 0) return found;
  const r = swapRequests;
  const { rows } = await tx.execute<SwappedDay>(sql`
    select to_char(${shifts.date}, 'YYYY-MM-DD') as "date", ${r.id} as "swapRequestId", ${r.grsApproved} as "grsApproved",
           ${users.firstName} || ' ' || ${users.lastName} as "otherName", ${r.updatedAt} as "updatedAt"
      from ${r}
      join ${shifts} on ${shifts.id} in (${r.requesterShiftId}, ${r.acceptedOfferShiftId})
      join ${users} on ${users.id} = case when ${r.requesterId} = ${userId} then ${r.responderId} else ${r.requesterId} end
     where ${r.status} = 'completed' and not ${r.threeWay}
       and (${r.requesterId} = ${userId} or ${r.responderId} = ${userId})
       and ${shifts.date} = any(${dayList(days)})
    union all
    ${threeWaySwappedDays(userId, days)}
    order by "updatedAt" desc, "swapRequestId" desc`);
  for (const { date, swapRequestId, otherName, grsApproved } of rows) {
    if (!found.has(date)) found.set(date, { date, swapRequestId: Number(swapRequestId), otherName, grsApproved });
  }
  return found;
}

/**
 * A completed three-way swap's days for one of its parties (decision 038): the day of the shift they
 * gave, named by its taker, and the day of the shift they took, named by its giver.
 */
function threeWaySwappedDays(userId: number, days: string[]) {
  const r = swapRequests;
  const [p, q, o] = [alias(swapRequestParties, "p"), alias(swapRequestParties, "q"), alias(swapRequestParties, "o")];
  return sql`
    select to_char(${shifts.date}, 'YYYY-MM-DD') as "date", ${r.id} as "swapRequestId", ${r.grsApproved} as "grsApproved",
           ${users.firstName} || ' ' || ${users.lastName} as "otherName", ${r.updatedAt} as "updatedAt"
      from ${swapRequestParties} ${p}
      join ${r} on ${r.id} = ${p.swapRequestId} and ${r.status} = 'completed'
      join ${swapRequestParties} ${q} on ${q.swapRequestId} = ${p.swapRequestId}
        and ${q.position} in (${p.position}, (${p.position} + 2) % 3)
      join ${shifts} on ${shifts.id} = ${q.givesShiftId}
      join ${swapRequestParties} ${o} on ${o.swapRequestId} = ${p.swapRequestId}
        and ${o.position} = case when ${q.position} = ${p.position} then (${p.position} + 1) % 3 else ${q.position} end
      join ${users} on ${users.id} = ${o.userId}
     where ${p.userId} = ${userId} and ${shifts.date} = any(${dayList(days)})`;
}

/** Key space of the per-user advisory lock that serialises two imports of one user. */
const IMPORT_LOCK = 727_401;

export async function lockImportsOf(tx: Tx, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK}, ${userId})`);
}

/** The user's shifts on the days, locked for the import that replaces them. */
export async function shiftsOnDaysForUpdate(tx: Tx, userId: number, days: string[]): Promise<ShiftRow[]> {
  return tx
    .select()
    .from(shifts)
    .where(and(eq(shifts.userId, userId), sql`${shifts.date} = any(${dayList(days)})`))
    .orderBy(asc(shifts.id))
    .for("update");
}

export async function shiftsByIds(tx: Tx, ids: number[]): Promise<ShiftRow[]> {
  return tx
    .select()
    .from(shifts)
    .where(sql`${shifts.id} = any(${intList(ids)})`)
    .orderBy(asc(shifts.date), asc(shifts.id));
}

export async function deleteShifts(tx: Tx, ids: number[]) {
  if (ids.length > 0) await tx.delete(shifts).where(sql`${shifts.id} = any(${intList(ids)})`);
}

/** A shift's fields as an import writes them. */
export type StoredShift = Pick<
  ShiftRow,
  "date" | "shiftType" | "startTime" | "endTime" | "notes" | "location" | "isProtected" | "restDayShiftInterest"
>;

const column = (c: { name: string }) => sql.identifier(c.name);
const v = (c: { name: string }) => sql`v.${sql.identifier(c.name)}`;
const written = [
  shifts.shiftType,
  shifts.startTime,
  shifts.endTime,
  shifts.notes,
  shifts.location,
  shifts.isProtected,
  shifts.restDayShiftInterest,
];
/** The record the rows are read as from JSON, under the columns' own names. */
const record = (rows: unknown[], withId: boolean) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
    ${withId ? sql`${column(shifts.id)} int,` : sql``} ${column(shifts.date)} date, ${column(shifts.shiftType)} ${sql.identifier(shiftType.enumName)},
    ${column(shifts.startTime)} varchar, ${column(shifts.endTime)} varchar, ${column(shifts.notes)} text,
    ${column(shifts.location)} varchar, ${column(shifts.isProtected)} boolean, ${column(shifts.restDayShiftInterest)} boolean)`;
/** The JSON object of one row, keyed by column name as `record` reads it. */
const asRecord = (f: StoredShift, id?: number) => ({
  ...(id === undefined ? {} : { [shifts.id.name]: id }),
  [shifts.date.name]: f.date,
  [shifts.shiftType.name]: f.shiftType,
  [shifts.startTime.name]: f.startTime,
  [shifts.endTime.name]: f.endTime,
  [shifts.notes.name]: f.notes,
  [shifts.location.name]: f.location,
  [shifts.isProtected.name]: f.isProtected,
  [shifts.restDayShiftInterest.name]: f.restDayShiftInterest,
});

/** Rewrites the user's shifts in one statement (the day stays: a shift is replaced within its day). */
export async function updateShifts(tx: Tx, userId: number, rows: Array<{ id: number } & StoredShift>) {
  await tx.execute(sql`
    update ${shifts} set
      ${sql.join(
        written.map((c) => sql`${column(c)} = ${v(c)}`),
        sql`, `,
      )},
      ${column(shifts.updatedAt)} = now(), ${column(shifts.revision)} = ${shifts.revision} + 1
    from ${record(
      rows.map((r) => asRecord(r, r.id)),
      true,
    )}
    where ${shifts.id} = ${v(shifts.id)} and ${shifts.userId} = ${userId}`);
}

/** Adds the user's shifts in one statement; the new ids with their days. */
export async function insertShifts(tx: Tx, userId: number, rows: StoredShift[]) {
  const { rows: added } = await tx.execute<{ id: number; date: string }>(sql`
    insert into ${shifts} (${column(shifts.userId)}, ${column(shifts.date)}, ${sql.join(written.map(column), sql`, `)})
    select ${userId}, ${v(shifts.date)}, ${sql.join(written.map(v), sql`, `)}
    from ${record(
      rows.map((r) => asRecord(r)),
      false,
    )}
    returning ${shifts.id} as id, to_char(${shifts.date}, 'YYYY-MM-DD') as date`);
  return added;
}

const turnKey = (userId: number) => `import-turn:${userId}`;

/** Takes the user's import turn for `ms` when it is free or its holder's time has run out; false when taken. */
export async function takeImportTurn(db: Db, userId: number, ms: number): Promise<boolean> {
  const until = sql`now() + ${`${ms} milliseconds`}::interval`;
  const taken = await db
    .insert(rateLimits)
    .values({ key: turnKey(userId), count: 1, resetAt: until })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: 1, resetAt: until },
      setWhere: sql`${rateLimits.resetAt} <= now()`,
    })
    .returning({ key: rateLimits.key });
  return taken.length > 0;
}

export async function releaseImportTurn(db: Db, userId: number) {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${turnKey(userId)}`);
}
