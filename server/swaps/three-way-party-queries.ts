import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../db/open";
import { type SwapRequestPartyRow, shifts, swapRequestParties, swapRequests, users } from "../db/schema";
import type { Conn } from "./queries";

// The parties of three-way requests (decision 038): one row per party in cycle order.

export async function insertParties(
  tx: Tx,
  swapRequestId: number,
  parties: { userId: number; givesShiftId: number }[],
) {
  await tx
    .insert(swapRequestParties)
    .values(
      parties.map((p, position) => ({ swapRequestId, position, userId: p.userId, givesShiftId: p.givesShiftId })),
    );
}

/** A request's party rows in cycle order; locked when the caller is about to change them. */
export async function partyRowsOf(db: Conn, swapRequestId: number): Promise<SwapRequestPartyRow[]> {
  return db
    .select()
    .from(swapRequestParties)
    .where(eq(swapRequestParties.swapRequestId, swapRequestId))
    .orderBy(asc(swapRequestParties.position));
}

export async function lockPartyRows(tx: Tx, swapRequestId: number): Promise<SwapRequestPartyRow[]> {
  return tx
    .select()
    .from(swapRequestParties)
    .where(eq(swapRequestParties.swapRequestId, swapRequestId))
    .orderBy(asc(swapRequestParties.position))
    .for("update");
}

/** Whether the user is one of the request's three-way parties. */
export async function isThreeWayParty(db: Conn, swapRequestId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: swapRequestParties.userId })
    .from(swapRequestParties)
    .where(and(eq(swapRequestParties.swapRequestId, swapRequestId), eq(swapRequestParties.userId, userId)));
  return row !== undefined;
}

export async function setPartyAgreement(tx: Tx, swapRequestId: number, userId: number, agreedAt: Date | null) {
  await tx
    .update(swapRequestParties)
    .set({ agreedAt })
    .where(and(eq(swapRequestParties.swapRequestId, swapRequestId), eq(swapRequestParties.userId, userId)));
}

export async function clearPartyAgreements(tx: Tx, swapRequestId: number) {
  await tx
    .update(swapRequestParties)
    .set({ agreedAt: null })
    .where(eq(swapRequestParties.swapRequestId, swapRequestId));
}

/** The parties of the requests with their names and the shifts they give, for the answers. */
export async function partiesWithShifts(db: Conn, swapRequestIds: number[]) {
  if (swapRequestIds.length === 0) return [];
  return db
    .select({
      swapRequestId: swapRequestParties.swapRequestId,
      position: swapRequestParties.position,
      agreedAt: swapRequestParties.agreedAt,
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        clinicalGrade: users.clinicalGrade,
        hub: users.hub,
      },
      gives: {
        shiftId: shifts.id,
        date: shifts.date,
        shiftType: shifts.shiftType,
        startTime: shifts.startTime,
        endTime: shifts.endTime,
      },
    })
    .from(swapRequestParties)
    .innerJoin(users, eq(users.id, swapRequestParties.userId))
    .innerJoin(shifts, eq(shifts.id, swapRequestParties.givesShiftId))
    .where(inArray(swapRequestParties.swapRequestId, swapRequestIds))
    .orderBy(asc(swapRequestParties.swapRequestId), asc(swapRequestParties.position));
}

/** The three-way party user ids of the requests (to tell them, list them, invalidate their caches). */
export async function partyUserIdsOf(db: Conn, swapRequestId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: swapRequestParties.userId })
    .from(swapRequestParties)
    .where(eq(swapRequestParties.swapRequestId, swapRequestId))
    .orderBy(asc(swapRequestParties.position));
  return rows.map((r) => r.userId);
}

/** Whether an open three-way request already gives exactly these three shifts. */
export async function openThreeWayWithShifts(db: Conn, shiftIds: number[]): Promise<boolean> {
  const rows = await db
    .select({ id: swapRequestParties.swapRequestId })
    .from(swapRequestParties)
    .innerJoin(swapRequests, eq(swapRequests.id, swapRequestParties.swapRequestId))
    .where(
      and(inArray(swapRequestParties.givesShiftId, shiftIds), inArray(swapRequests.status, ["pending", "accepted"])),
    )
    .groupBy(swapRequestParties.swapRequestId)
    .having(sql`count(*) = 3`)
    .limit(1);
  return rows.length > 0;
}

/** The open three-way requests the user is a party of, locked in id order. */
export function lockOpenThreeWayOf(tx: Tx, userId: number) {
  return tx
    .select({ r: swapRequests })
    .from(swapRequests)
    .innerJoin(swapRequestParties, eq(swapRequestParties.swapRequestId, swapRequests.id))
    .where(and(eq(swapRequestParties.userId, userId), inArray(swapRequests.status, ["pending", "accepted"])))
    .orderBy(asc(swapRequests.id))
    .for("update", { of: swapRequests })
    .then((rows) => rows.map((x) => x.r));
}

/**
 * Open three-way requests in which the user works another party's shift on one of the days (on their
 * Available Off Day), with the user's name and the other two parties' names; the requests are locked,
 * as a change to them follows. Each party takes the previous party's shift (decision 038).
 */
export async function openThreeWayTakingOn(tx: Tx, userId: number, days: string[]) {
  if (days.length === 0) return [];
  const [me, prev, other] = [
    alias(swapRequestParties, "me"),
    alias(swapRequestParties, "prev"),
    alias(swapRequestParties, "other"),
  ];
  const [r, s, u] = [alias(swapRequests, "r"), alias(shifts, "s"), alias(users, "u")];
  const result = await tx.execute<{ id: number; date: string; others: string[]; parties: number[] }>(sql`
    select ${r.id} as id, to_char(${s.date}, 'YYYY-MM-DD') as date,
      array(select trim(${u.firstName} || ' ' || ${u.lastName}) from ${swapRequestParties} ${other}
        join ${users} ${u} on ${u.id} = ${other.userId}
        where ${other.swapRequestId} = ${r.id} and ${other.userId} <> ${userId} order by ${other.position}) as others,
      array(select ${other.userId} from ${swapRequestParties} ${other}
        where ${other.swapRequestId} = ${r.id} order by ${other.position}) as parties
    from ${swapRequestParties} ${me}
    join ${swapRequests} ${r} on ${r.id} = ${me.swapRequestId} and ${r.threeWay} and ${r.status} in ('pending', 'accepted')
    join ${swapRequestParties} ${prev} on ${prev.swapRequestId} = ${me.swapRequestId} and ${prev.position} = (${me.position} + 2) % 3
    join ${shifts} ${s} on ${s.id} = ${prev.givesShiftId}
    where ${me.userId} = ${userId} and ${s.date} = any(${`{${days.join(",")}}`}::date[])
    order by ${r.id}
    for update of r`);
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}
