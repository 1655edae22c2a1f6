import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { ShiftType } from "../../common/enums";
import type { SwapOffer, SwapRequest, SwapShift, SwapUser } from "../../common/swaps";
import type { Db, Tx } from "../db/open";
import { type SwapRequestRow, shifts, swapRequestOffers, swapRequests, users } from "../db/schema";

export type Conn = Db | Tx;

const shiftColumns = {
  id: shifts.id,
  date: shifts.date,
  shiftType: shifts.shiftType,
  startTime: shifts.startTime,
  endTime: shifts.endTime,
};

const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  paramedicBase: users.paramedicBase,
  hub: users.hub,
  clinicalGrade: users.clinicalGrade,
};

const unique = (ids: number[]) => [...new Set(ids)];

/** Adds the parties, the requester's shift and the offers to request rows (DESIGN §4 shape). */
export async function hydrate(db: Conn, rows: SwapRequestRow[]): Promise<SwapRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const userIds = unique(
    rows.flatMap((r) => (r.responderId === null ? [r.requesterId] : [r.requesterId, r.responderId])),
  );
  const userRows = await db.select(userColumns).from(users).where(inArray(users.id, userIds));
  const shiftRows = await db
    .select(shiftColumns)
    .from(shifts)
    .where(inArray(shifts.id, unique(rows.map((r) => r.requesterShiftId))));
  const offerRows = await db
    .select({
      swapRequestId: swapRequestOffers.swapRequestId,
      accepted: swapRequestOffers.accepted,
      shift: shiftColumns,
    })
    .from(swapRequestOffers)
    .innerJoin(shifts, eq(shifts.id, swapRequestOffers.shiftId))
    .where(inArray(swapRequestOffers.swapRequestId, ids))
    .orderBy(asc(shifts.date), asc(shifts.id));

  const userById = new Map<number, SwapUser>(userRows.map((u) => [u.id, u]));
  const shiftById = new Map<number, SwapShift>(shiftRows.map((s) => [s.id, s]));
  const offersByRequest = new Map<number, SwapOffer[]>();
  for (const o of offerRows) {
    const list = offersByRequest.get(o.swapRequestId) ?? [];
    list.push({ shiftId: o.shift.id, accepted: o.accepted, shift: o.shift });
    offersByRequest.set(o.swapRequestId, list);
  }

  return rows.map((r) => ({
    id: r.id,
    requesterId: r.requesterId,
    responderId: r.responderId,
    requesterShiftId: r.requesterShiftId,
    responderAvailabilityId: r.responderAvailabilityId,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    grsSubmitted: r.grsSubmitted,
    grsApproved: r.grsApproved,
    requesterAgreed: r.requesterAgreed,
    responderAgreed: r.responderAgreed,
    requesterAgreedAt: r.requesterAgreedAt ? r.requesterAgreedAt.toISOString() : null,
    responderAgreedAt: r.responderAgreedAt ? r.responderAgreedAt.toISOString() : null,
    acceptedOfferShiftId: r.acceptedOfferShiftId,
    requesterUser: userById.get(r.requesterId) as SwapUser,
    responderUser: r.responderId === null ? null : (userById.get(r.responderId) ?? null),
    requesterShift: shiftById.get(r.requesterShiftId) as SwapShift,
    offers: offersByRequest.get(r.id) ?? [],
  }));
}

export async function hydrateOne(db: Conn, row: SwapRequestRow): Promise<SwapRequest> {
  const [one] = await hydrate(db, [row]);
  return one;
}

/** Requests where the user is requester or responder, newest first. */
export async function requestsOf(db: Conn, userId: number): Promise<SwapRequestRow[]> {
  return db
    .select()
    .from(swapRequests)
    .where(sql`${swapRequests.requesterId} = ${userId} or ${swapRequests.responderId} = ${userId}`)
    .orderBy(desc(swapRequests.createdAt), desc(swapRequests.id));
}

export async function requestById(db: Conn, id: number, forUpdate = false): Promise<SwapRequestRow | undefined> {
  const q = db.select().from(swapRequests).where(eq(swapRequests.id, id));
  const [row] = forUpdate ? await q.for("update") : await q;
  return row;
}

/** Shift ids offered in a request. */
export async function offerShiftIdsOf(db: Conn, swapRequestId: number): Promise<number[]> {
  const rows = await db
    .select({ shiftId: swapRequestOffers.shiftId })
    .from(swapRequestOffers)
    .where(eq(swapRequestOffers.swapRequestId, swapRequestId));
  return rows.map((r) => r.shiftId);
}

/** The (user, day) shift rows, locked in id order so concurrent swaps queue instead of deadlocking. */
export async function lockDays(tx: Tx, pairs: { userId: number; date: string }[]) {
  if (pairs.length === 0) return [];
  const cond = sql.join(
    pairs.map((p) => sql`(${shifts.userId} = ${p.userId} and ${shifts.date} = ${p.date})`),
    sql` or `,
  );
  return tx.select().from(shifts).where(cond).orderBy(asc(shifts.id)).for("update");
}

export async function lockShifts(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(shifts)
    .where(inArray(shifts.id, unique(ids)))
    .orderBy(asc(shifts.id))
    .for("update");
}

/** Does the user have a shift that keeps them busy on that day (work, leave or a shift to cover)? */
export function isBusy(dayRows: { shiftType: ShiftType }[]): boolean {
  return dayRows.some((s) => s.shiftType !== "rest_day");
}
