import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/open";
import {
  messages,
  type SwapRequestRow,
  shifts,
  swapRequestOffers,
  swapRequestParties,
  swapRequests,
  type UserRow,
  userAvailability,
  users,
} from "../db/schema";

export type Conn = Db | Tx;

/**
 * `isSwapColleague(me, users row)` (common/swap-rules.ts) as a condition on the `users` table of
 * the statement: same grade as `me`, address proved, not `me`.
 */
export const swapColleagueOf = (me: Pick<UserRow, "id" | "clinicalGrade">) =>
  sql`(${users.clinicalGrade} = ${me.clinicalGrade} and ${users.emailVerifiedAt} is not null and ${users.id} <> ${me.id})`;

export async function requestById(db: Conn, id: number, forUpdate = false): Promise<SwapRequestRow | undefined> {
  const q = db.select().from(swapRequests).where(eq(swapRequests.id, id));
  const [row] = forUpdate ? await q.for("update") : await q;
  return row;
}

/** The id of another open request for the shift with this responder (or with none). */
export async function openDuplicateOf(tx: Tx, shiftId: number, responderId: number | null, exceptId?: number) {
  const [dup] = await tx
    .select({ id: swapRequests.id })
    .from(swapRequests)
    .where(
      and(
        eq(swapRequests.requesterShiftId, shiftId),
        responderId === null ? sql`${swapRequests.responderId} is null` : eq(swapRequests.responderId, responderId),
        inArray(swapRequests.status, ["pending", "accepted"]),
        exceptId ? ne(swapRequests.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return dup?.id;
}

export async function insertRequest(tx: Tx, values: typeof swapRequests.$inferInsert) {
  const [created] = await tx.insert(swapRequests).values(values).returning();
  return created;
}

export async function saveRequest(tx: Tx, id: number, changes: Partial<typeof swapRequests.$inferInsert>) {
  const [row] = await tx
    .update(swapRequests)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(swapRequests.id, id))
    .returning();
  return row;
}

export async function deleteRequestRow(tx: Tx, id: number) {
  await tx.delete(swapRequests).where(eq(swapRequests.id, id));
}

/** A line in the request's conversation, as the given sender (system notes use the requester). */
export async function insertSwapMessage(tx: Tx, swapRequestId: number, senderId: number, content: string) {
  await tx.insert(messages).values({ swapRequestId, senderId, content });
}

/** Shift ids offered in a request. */
export async function offerShiftIdsOf(db: Conn, swapRequestId: number): Promise<number[]> {
  const rows = await db
    .select({ shiftId: swapRequestOffers.shiftId })
    .from(swapRequestOffers)
    .where(eq(swapRequestOffers.swapRequestId, swapRequestId));
  return rows.map((r) => r.shiftId);
}

export async function replaceOffers(tx: Tx, swapRequestId: number, offerIds: number[]) {
  await tx.delete(swapRequestOffers).where(eq(swapRequestOffers.swapRequestId, swapRequestId));
  if (offerIds.length > 0) {
    await tx.insert(swapRequestOffers).values(offerIds.map((shiftId) => ({ swapRequestId, shiftId })));
  }
}

export async function clearOfferChoice(tx: Tx, swapRequestId: number) {
  await tx.update(swapRequestOffers).set({ accepted: false }).where(eq(swapRequestOffers.swapRequestId, swapRequestId));
}

export async function markOfferAccepted(tx: Tx, swapRequestId: number, shiftId: number) {
  await tx
    .update(swapRequestOffers)
    .set({ accepted: true })
    .where(and(eq(swapRequestOffers.swapRequestId, swapRequestId), eq(swapRequestOffers.shiftId, shiftId)));
}

export async function removeOffer(tx: Tx, swapRequestId: number, shiftId: number) {
  await tx
    .delete(swapRequestOffers)
    .where(and(eq(swapRequestOffers.swapRequestId, swapRequestId), eq(swapRequestOffers.shiftId, shiftId)));
}

export async function userById(db: Conn, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The user's availability row for the day if it is an Available Off Day. */
export async function availableOffDay(db: Conn, userId: number, day: string) {
  const [row] = await db
    .select()
    .from(userAvailability)
    .where(
      and(
        eq(userAvailability.userId, userId),
        eq(userAvailability.date, day),
        eq(userAvailability.status, "available"),
      ),
    );
  return row;
}

export async function availabilityById(db: Conn, id: number) {
  const [row] = await db.select().from(userAvailability).where(eq(userAvailability.id, id));
  return row;
}

/**
 * Open pairwise requests (pending or accepted) in which the user is the responder for a shift on
 * one of the days, with the requester's name; the rows are locked, as a change to them follows.
 * A three-way request's parties are found by `openThreeWayTakingOn`.
 */
export async function openRequestsAsResponderOn(tx: Tx, responderId: number, days: string[]) {
  if (days.length === 0) return [];
  const r = alias(swapRequests, "r");
  const s = alias(shifts, "s");
  const u = alias(users, "u");
  const result = await tx.execute<{
    id: number;
    requesterId: number;
    firstName: string;
    lastName: string;
    date: string;
  }>(sql`
    select ${r.id} as id, ${r.requesterId} as "requesterId", ${u.firstName} as "firstName",
      ${u.lastName} as "lastName", to_char(${s.date}, 'YYYY-MM-DD') as date
    from ${swapRequests} ${r}
    join ${shifts} ${s} on ${s.id} = ${r.requesterShiftId} and ${s.userId} = ${r.requesterId}
    join ${users} ${u} on ${u.id} = ${r.requesterId}
    where ${r.responderId} = ${responderId} and not ${r.threeWay}
      and ${r.status} in ('pending', 'accepted')
      and ${s.date} = any(${`{${days.join(",")}}`}::date[])
    order by ${r.id}
    for update of r`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    requesterId: Number(row.requesterId),
    requesterName: `${row.firstName} ${row.lastName}`,
    date: row.date,
  }));
}

/**
 * The requests an account's deletion takes with it (it made them, or answers one as responder), each
 * with everyone else it concerns: the other party, or the other two of a three-way request.
 */
export async function requestsGoingWith(tx: Tx, userId: number): Promise<{ id: number; userIds: number[] }[]> {
  const rows = await tx
    .select({
      id: swapRequests.id,
      requesterId: swapRequests.requesterId,
      responderId: swapRequests.responderId,
      parties: sql<number[] | null>`(select array_agg(${swapRequestParties.userId}) from ${swapRequestParties}
        where ${swapRequestParties.swapRequestId} = ${swapRequests.id})`,
    })
    .from(swapRequests)
    .where(or(eq(swapRequests.requesterId, userId), eq(swapRequests.responderId, userId)));
  return rows.map((r) => ({
    id: r.id,
    userIds: [...new Set([r.requesterId, r.responderId, ...(r.parties ?? [])])].filter(
      (id): id is number => id !== null && id !== userId,
    ),
  }));
}
