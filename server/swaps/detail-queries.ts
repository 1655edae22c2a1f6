import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { askEveryoneFrom } from "../../common/reminder-rules";
import { partiesOf, swappableShiftTypes } from "../../common/swap-rules";
import type { SwapOffer, SwapRequest, SwapShift, SwapUser, ThreeWayRequestParty } from "../../common/swaps";
import type { Db } from "../db/open";
import { preparedPerDb } from "../db/prepared";
import { type SwapRequestRow, shifts, swapRequestOffers, swapRequests, type UserRow, users } from "../db/schema";
import { isSwapParty } from "../db/swap-party";
import { type Conn, swapColleagueOf } from "./queries";
import { partiesWithShifts } from "./three-way-party-queries";

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

const anyOf = (column: AnyPgColumn) => sql`${column} = any(${sql.placeholder("ids")}::int[])`;

/** The three reads that complete request rows, by ids (placeholder `ids`). */
const detailReads = (db: Conn) => ({
  users: db.select(userColumns).from(users).where(anyOf(users.id)),
  shifts: db.select(shiftColumns).from(shifts).where(anyOf(shifts.id)),
  offers: db
    .select({
      swapRequestId: swapRequestOffers.swapRequestId,
      accepted: swapRequestOffers.accepted,
      shift: shiftColumns,
    })
    .from(swapRequestOffers)
    .innerJoin(shifts, eq(shifts.id, swapRequestOffers.shiftId))
    .where(anyOf(swapRequestOffers.swapRequestId))
    .orderBy(asc(shifts.date), asc(shifts.id)),
});

/**
 * The same reads as named prepared statements, for the swap list every screen polls: planning these
 * small queries took longer than running them. Pool only: inside a transaction they run unnamed, so
 * a statement that fails in an aborted transaction never leaves a half-prepared name behind.
 */
const preparedDetailReads = preparedPerDb((db) => {
  const reads = detailReads(db);
  return {
    users: reads.users.prepare("swap_users"),
    shifts: reads.shifts.prepare("swap_shifts"),
    offers: reads.offers.prepare("swap_offers"),
  };
});

/** Adds the parties, the requester's shift and the offers to request rows (DESIGN §4 shape). */
export async function hydrate(
  db: Conn,
  rows: SwapRequestRow[],
  reads: ReturnType<typeof detailReads> | ReturnType<typeof preparedDetailReads> = detailReads(db),
): Promise<SwapRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const userIds = unique(rows.flatMap(partiesOf));
  const userRows = await reads.users.execute({ ids: userIds });
  const shiftRows = await reads.shifts.execute({ ids: unique(rows.map((r) => r.requesterShiftId)) });
  const offerRows = await reads.offers.execute({ ids });

  const userById = new Map<number, SwapUser>(userRows.map((u) => [u.id, u]));
  const shiftById = new Map<number, SwapShift>(shiftRows.map((s) => [s.id, s]));
  const offersByRequest = new Map<number, SwapOffer[]>();
  for (const o of offerRows) {
    const list = offersByRequest.get(o.swapRequestId) ?? [];
    list.push({ shiftId: o.shift.id, accepted: o.accepted, shift: o.shift });
    offersByRequest.set(o.swapRequestId, list);
  }

  const partiesByRequest = await threeWayParties(
    db,
    rows.filter((r) => r.threeWay).map((r) => r.id),
  );
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
    askEveryoneFrom: askEveryoneFrom(r)?.toISOString() ?? null,
    // Filled in by withWarnings (swap-warnings.ts) on the way out, from the calendars as they are then.
    warnings: [],
    ...(r.threeWay ? { parties: partiesByRequest.get(r.id) ?? [] } : {}),
  }));
}

/** Each three-way request's parties in cycle order: each takes the previous party's shift. */
async function threeWayParties(db: Conn, ids: number[]): Promise<Map<number, ThreeWayRequestParty[]>> {
  const byRequest = new Map<number, ThreeWayRequestParty[]>();
  const rows = await partiesWithShifts(db, ids);
  for (const id of ids) {
    const own = rows.filter((p) => p.swapRequestId === id);
    byRequest.set(
      id,
      own.map((p, i) => ({
        user: p.user,
        gives: p.gives,
        takes: own[(i + own.length - 1) % own.length].gives,
        agreed: p.agreedAt !== null,
      })),
    );
  }
  return byRequest;
}

export async function hydrateOne(db: Conn, row: SwapRequestRow): Promise<SwapRequest> {
  const [one] = await hydrate(db, [row]);
  return one;
}

const requestsOfUser = preparedPerDb((db) =>
  db
    .select()
    .from(swapRequests)
    .where(isSwapParty(swapRequests, sql.placeholder("user")))
    .orderBy(desc(swapRequests.createdAt), desc(swapRequests.id))
    .prepare("swap_requests_of"),
);

/** The user's requests, as requester or responder, newest first, complete (GET /api/swap-requests). */
export async function listRequestsOf(db: Db, userId: number): Promise<SwapRequest[]> {
  return hydrate(db, await requestsOfUser(db).execute({ user: userId }), preparedDetailReads(db));
}

/** Open requests (no responder, pending) of same-grade colleagues for unprotected shifts after the day. */
export function openRequestRows(db: Db, me: Pick<UserRow, "id" | "clinicalGrade">, after: string) {
  return db
    .select({ r: swapRequests })
    .from(swapRequests)
    .innerJoin(shifts, eq(shifts.id, swapRequests.requesterShiftId))
    .innerJoin(users, eq(users.id, swapRequests.requesterId))
    .where(
      and(
        sql`${swapRequests.responderId} is null`,
        eq(swapRequests.status, "pending"),
        swapColleagueOf(me),
        eq(shifts.userId, swapRequests.requesterId),
        gt(shifts.date, after),
        eq(shifts.isProtected, false),
        inArray(shifts.shiftType, [...swappableShiftTypes]),
      ),
    )
    .orderBy(asc(shifts.date), asc(swapRequests.id))
    .then((rows) => rows.map((x) => x.r));
}
