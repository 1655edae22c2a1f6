import { and, asc, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { todayInLondon } from "../../common/dates";
import { gradeLabel } from "../../common/enums";
import {
  type CreateSwapRequest,
  coveredShiftType,
  DAY_TAKEN_MESSAGE,
  decide,
  MATCH_SHIFTS_LIMIT,
  MATCHES_LIMIT,
  OFFER_GONE_MESSAGE,
  type PotentialMatch,
  requesterShiftIssue,
  SHIFT_SWAPPED_MESSAGE,
  type SwapAction,
  type SwapRequest,
  type SwapRole,
  type SwapShift,
  swappableShiftTypes,
  type Transition,
  type UpdateSwapRequest,
  updateKinds,
} from "../../common/swaps";
import { syncAvailability } from "../availability/sync";
import type { Db, Tx } from "../db/open";
import {
  messages,
  type ShiftRow,
  type SwapRequestRow,
  shifts,
  swapRequestOffers,
  swapRequests,
  type UserRow,
  userAvailability,
  users,
} from "../db/schema";
import { AppError, badRequest, conflict, notFound } from "../errors";
import { publishToUsers } from "../realtime/publish";
import {
  type Conn,
  hydrate,
  hydrateOne,
  isBusy,
  listRequestsOf,
  lockDays,
  lockShifts,
  offerShiftIdsOf,
  requestById,
} from "./queries";

export const SWAP_NOT_FOUND = "Swap request not found";
const SHIFT_NOT_FOUND = "Shift not found";

// ---- Transactions ----------------------------------------------------------------------------

/** Thrown inside a transaction when what was locked no longer covers what the request needs. */
class LockPlanChanged extends Error {}

function pgCode(e: unknown): string | undefined {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code ?? err?.cause?.code;
}

/**
 * Runs a transaction, retrying when PostgreSQL broke a deadlock or a serialisation conflict
 * (other features lock the same rows in their own order) or when the lock plan went stale.
 */
async function transact<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (e) {
      const retryable = e instanceof LockPlanChanged || pgCode(e) === "40P01" || pgCode(e) === "40001";
      if (!retryable || attempt >= 6) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

type Effects = { events: { swapRequestId: number; userIds: number[] }[] };

async function publish(db: Db, effects: Effects) {
  for (const e of effects.events) {
    try {
      await publishToUsers(db, e.userIds, { type: "SWAP_UPDATED", payload: { swapRequestId: e.swapRequestId } });
    } catch {
      // The change is committed; clients also refetch on their own, so a lost event is not fatal.
    }
  }
}

const partiesOf = (r: Pick<SwapRequestRow, "requesterId" | "responderId">) =>
  r.responderId === null ? [r.requesterId] : [r.requesterId, r.responderId];

function roleOf(r: Pick<SwapRequestRow, "requesterId" | "responderId">, userId: number): SwapRole {
  if (r.requesterId === userId) return "requester";
  if (r.responderId !== null && r.responderId === userId) return "responder";
  return "other";
}

function stateOf(r: SwapRequestRow) {
  return {
    status: r.status,
    requesterAgreed: r.requesterAgreed,
    responderAgreed: r.responderAgreed,
    hasResponder: r.responderId !== null,
  };
}

/** Applies the status machine; throws the refusal as the matching HTTP error. */
function check(action: SwapAction, role: SwapRole, r: SwapRequestRow) {
  const d = decide(action, role, stateOf(r));
  if (!d.ok) throw new AppError(d.status, d.message);
  return d;
}

const fullName = (u: Pick<UserRow, "firstName" | "lastName">) => `${u.firstName} ${u.lastName}`;

function longDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-GB", {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
  });
}

const toSwapShift = (s: ShiftRow): SwapShift => ({
  id: s.id,
  date: s.date,
  shiftType: s.shiftType,
  startTime: s.startTime,
  endTime: s.endTime,
});

// ---- Reads -----------------------------------------------------------------------------------

export async function listMine(db: Db, userId: number): Promise<SwapRequest[]> {
  return listRequestsOf(db, userId);
}

export async function getOne(db: Db, userId: number, id: number): Promise<SwapRequest> {
  const row = await requestById(db, id);
  if (!row || roleOf(row, userId) === "other") throw notFound(SWAP_NOT_FOUND);
  return hydrateOne(db, row);
}

/** Open requests (no responder, pending) of same-grade colleagues for shifts after today. */
export async function listOpen(db: Db, me: UserRow): Promise<SwapRequest[]> {
  const rows = await db
    .select({ r: swapRequests })
    .from(swapRequests)
    .innerJoin(shifts, eq(shifts.id, swapRequests.requesterShiftId))
    .innerJoin(users, eq(users.id, swapRequests.requesterId))
    .where(
      and(
        sql`${swapRequests.responderId} is null`,
        eq(swapRequests.status, "pending"),
        ne(swapRequests.requesterId, me.id),
        eq(users.clinicalGrade, me.clinicalGrade),
        eq(shifts.userId, swapRequests.requesterId),
        gt(shifts.date, todayInLondon()),
        eq(shifts.isProtected, false),
        inArray(shifts.shiftType, [...swappableShiftTypes]),
      ),
    )
    .orderBy(asc(shifts.date), asc(swapRequests.id));
  return hydrate(
    db,
    rows.map((x) => x.r),
  );
}

/** The user's shifts that can be offered in a swap, optionally on one day. */
export async function eligibleShifts(db: Db, userId: number, date?: string): Promise<SwapShift[]> {
  const today = todayInLondon();
  const rows = await db
    .select()
    .from(shifts)
    .where(
      and(
        eq(shifts.userId, userId),
        date ? eq(shifts.date, date) : undefined,
        gt(shifts.date, today),
        eq(shifts.isProtected, false),
        inArray(shifts.shiftType, [...swappableShiftTypes]),
      ),
    )
    .orderBy(asc(shifts.date), sql`${shifts.startTime} asc nulls first`, asc(shifts.id));
  return rows.map(toSwapShift);
}

/**
 * Seeking-coverage shifts of these users after today, on days the requester is free to work:
 * the soonest MATCH_SHIFTS_LIMIT of each user.
 */
async function returnShiftsFor(db: Conn, requesterId: number, ownerIds: number[]) {
  if (ownerIds.length === 0) return [];
  const owners = sql`${`{${ownerIds.join(",")}}`}::int[]`;
  const soonest = sql`${shifts.id} in (
    select ranked.id from (
      select c.id, row_number() over (partition by c.user_id order by c.date, c.id) as n
      from shifts c
      where c.user_id = any(${owners}) and c.shift_type = 'seeking_coverage' and c.date > ${todayInLondon()}::date
        and not exists (select 1 from shifts mine where mine.user_id = ${requesterId}
              and mine.date = c.date and mine.shift_type <> 'rest_day')) ranked
    where ranked.n <= ${MATCH_SHIFTS_LIMIT})`;
  return db.select().from(shifts).where(soonest).orderBy(asc(shifts.date), asc(shifts.id));
}

/** DESIGN §5.9: same-grade clinicians with an Available Off Day on the shift's date. */
export async function findMatches(db: Db, me: UserRow, shiftId: number): Promise<PotentialMatch[]> {
  const [shift] = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.id, shiftId), eq(shifts.userId, me.id)));
  if (!shift) throw notFound(SHIFT_NOT_FOUND);
  const issue = requesterShiftIssue(shift, todayInLondon());
  if (issue) throw conflict(issue, "shiftId");
  const rows = await db
    .select({
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        clinicalGrade: users.clinicalGrade,
        hub: users.hub,
      },
      availability: { id: userAvailability.id, date: userAvailability.date },
    })
    .from(userAvailability)
    .innerJoin(users, eq(users.id, userAvailability.userId))
    .where(
      and(
        eq(userAvailability.date, shift.date),
        eq(userAvailability.status, "available"),
        eq(users.clinicalGrade, me.clinicalGrade),
        ne(users.id, me.id),
      ),
    )
    .orderBy(
      // Colleagues of the requester's own hub first; never null, so no NULLS FIRST surprise.
      sql`(${users.hub} is not distinct from ${me.hub}) desc`,
      asc(users.firstName),
      asc(users.lastName),
      asc(users.id),
    )
    .limit(MATCHES_LIMIT);
  const returns = await returnShiftsFor(
    db,
    me.id,
    rows.map((r) => r.user.id),
  );
  return rows.map((r) => ({
    ...r,
    seekingCoverageShifts: returns.filter((s) => s.userId === r.user.id).map(toSwapShift),
  }));
}

// ---- Validation shared by create, edit and cover ---------------------------------------------

/** The responder for a shift's day: same grade, not the requester, with an Available Off Day then. */
async function checkResponder(
  tx: Tx,
  requester: Pick<UserRow, "id" | "clinicalGrade">,
  responderId: number,
  day: string,
  availabilityId: number | null | undefined,
): Promise<{ responder: UserRow; availabilityId: number }> {
  if (responderId === requester.id) throw badRequest("You cannot send a swap request to yourself", "responderId");
  const [responder] = await tx.select().from(users).where(eq(users.id, responderId));
  if (!responder) throw notFound("Clinician not found");
  if (responder.clinicalGrade !== requester.clinicalGrade) {
    throw conflict(
      `Swaps are only between clinicians of the same clinical grade; ${fullName(responder)} is a ${gradeLabel(
        responder.clinicalGrade,
      ).toLowerCase()}`,
      "responderId",
    );
  }
  const [row] = await tx
    .select()
    .from(userAvailability)
    .where(
      and(
        eq(userAvailability.userId, responderId),
        eq(userAvailability.date, day),
        eq(userAvailability.status, "available"),
      ),
    );
  if (!row || (availabilityId != null && row.id !== availabilityId)) {
    throw conflict(
      `${fullName(responder)} has no Available Off Day on ${longDay(day)}`,
      availabilityId != null ? "responderAvailabilityId" : "responderId",
    );
  }
  return { responder, availabilityId: row.id };
}

/** DESIGN §5.16: each offer is the responder's seeking-coverage shift after today, on a day the requester is free. */
async function checkOffers(tx: Tx, requesterId: number, responderId: number | null, offerIds: number[]) {
  if (offerIds.length === 0) return;
  if (responderId === null) throw badRequest("Choose a clinician before offering their shifts", "offerShiftIds");
  const rows = await tx.select().from(shifts).where(inArray(shifts.id, offerIds));
  const today = todayInLondon();
  for (const id of offerIds) {
    const s = rows.find((r) => r.id === id);
    if (!s || s.userId !== responderId || s.shiftType !== "seeking_coverage") {
      throw conflict("You can only offer to work shifts the clinician is seeking coverage for", "offerShiftIds");
    }
    if (s.date <= today) throw conflict("Offered shifts must be after today", "offerShiftIds");
  }
  const busy = await tx
    .select({ date: shifts.date })
    .from(shifts)
    .where(
      and(
        eq(shifts.userId, requesterId),
        inArray(shifts.date, [...new Set(rows.map((r) => r.date))]),
        ne(shifts.shiftType, "rest_day"),
      ),
    )
    .limit(1);
  if (busy.length > 0) {
    throw conflict(
      `You already have a shift on ${longDay(busy[0].date)}, so you cannot offer to work it`,
      "offerShiftIds",
    );
  }
}

/** No second open request for the same shift and responder (or a second open 'looking for match'). */
export const OTHER_OPEN_WITH_YOU = "There is already another open request with you for this shift";

async function checkNoDuplicate(
  tx: Tx,
  shiftId: number,
  responderId: number | null,
  exceptId?: number,
  message?: string,
) {
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
  if (dup) {
    throw conflict(
      message ??
        (responderId === null
          ? "This shift already has an open request looking for a match"
          : "You already have an open swap request with this clinician for this shift"),
    );
  }
}

async function replaceOffers(tx: Tx, swapRequestId: number, offerIds: number[]) {
  await tx.delete(swapRequestOffers).where(eq(swapRequestOffers.swapRequestId, swapRequestId));
  if (offerIds.length > 0) {
    await tx.insert(swapRequestOffers).values(offerIds.map((shiftId) => ({ swapRequestId, shiftId })));
  }
}

// ---- Create ----------------------------------------------------------------------------------

export async function createRequest(db: Db, me: UserRow, input: CreateSwapRequest): Promise<SwapRequest> {
  const offerIds = input.offerShiftIds ?? [];
  const { row, result } = await transact(db, async (tx) => {
    // The shift row lock serialises two creations for the same shift (no duplicate slips through).
    const [shift] = await lockShifts(tx, [input.requesterShiftId]);
    if (!shift || shift.userId !== me.id) throw notFound(SHIFT_NOT_FOUND);
    const issue = requesterShiftIssue(shift, todayInLondon());
    if (issue) throw conflict(issue, "requesterShiftId");

    let responderId: number | null = null;
    let availabilityId: number | null = null;
    if (input.responderId != null) {
      const checked = await checkResponder(tx, me, input.responderId, shift.date, input.responderAvailabilityId);
      responderId = checked.responder.id;
      availabilityId = checked.availabilityId;
    } else if (input.responderAvailabilityId != null) {
      throw badRequest("Choose the clinician this availability belongs to", "responderId");
    }
    await checkOffers(tx, me.id, responderId, offerIds);
    await checkNoDuplicate(tx, shift.id, responderId);

    const [created] = await tx
      .insert(swapRequests)
      .values({
        requesterId: me.id,
        responderId,
        requesterShiftId: shift.id,
        responderAvailabilityId: availabilityId,
      })
      .returning();
    await replaceOffers(tx, created.id, offerIds);
    const intro = input.introMessage?.trim();
    if (intro) await tx.insert(messages).values({ swapRequestId: created.id, senderId: me.id, content: intro });
    return { row: created, result: await hydrateOne(tx, created) };
  });
  await publish(db, { events: [{ swapRequestId: row.id, userIds: partiesOf(row) }] });
  return result;
}

// ---- Simple transitions (one row lock) -------------------------------------------------------

const clearedAgreements = {
  requesterAgreed: false,
  responderAgreed: false,
  requesterAgreedAt: null,
  responderAgreedAt: null,
  acceptedOfferShiftId: null,
} as const;

async function lockForParty(tx: Tx, userId: number, id: number) {
  const r = await requestById(tx, id, true);
  if (!r) throw notFound(SWAP_NOT_FOUND);
  return { r, role: roleOf(r, userId) };
}

async function save(tx: Tx, id: number, changes: Partial<typeof swapRequests.$inferInsert>) {
  const [row] = await tx
    .update(swapRequests)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(swapRequests.id, id))
    .returning();
  return row;
}

async function clearOfferChoice(tx: Tx, id: number) {
  await tx.update(swapRequestOffers).set({ accepted: false }).where(eq(swapRequestOffers.swapRequestId, id));
}

/** Runs one transition that only touches the request itself, then tells both parties. */
async function simpleTransition(
  db: Db,
  me: UserRow,
  id: number,
  action: SwapAction,
  apply: (tx: Tx, r: SwapRequestRow, role: SwapRole, next: Transition) => Promise<SwapRequestRow>,
): Promise<SwapRequest> {
  const { row, result, before } = await transact(db, async (tx) => {
    const { r, role } = await lockForParty(tx, me.id, id);
    const d = check(action, role, r);
    if (d.next === "deleted") throw new Error(`${action} does not delete`);
    const updated = await apply(tx, r, role, d.next);
    return { row: updated, before: r, result: await hydrateOne(tx, updated) };
  });
  await publish(db, {
    events: [{ swapRequestId: id, userIds: [...partiesOf(before), ...partiesOf(row)] }],
  });
  return result;
}

export function unagree(db: Db, me: UserRow, id: number) {
  return simpleTransition(db, me, id, "unagree", async (tx, r, role, next) => {
    if (role === "responder") await clearOfferChoice(tx, r.id);
    return save(tx, r.id, {
      status: next.status,
      requesterAgreed: next.requesterAgreed,
      responderAgreed: next.responderAgreed,
      ...(role === "requester" ? { requesterAgreedAt: null } : { responderAgreedAt: null, acceptedOfferShiftId: null }),
    });
  });
}

export function reject(db: Db, me: UserRow, id: number) {
  return simpleTransition(db, me, id, "reject", async (tx, r) => {
    await clearOfferChoice(tx, r.id);
    return save(tx, r.id, { status: "declined", ...clearedAgreements });
  });
}

/**
 * Restores a declined request. While it was declined nothing protected its shift: the requester
 * may have changed it, swapped it elsewhere or sent this responder a new request for it, so it
 * reopens only if it could be made again now (under the shift's lock, as creation takes it).
 */
export function undoDecline(db: Db, me: UserRow, id: number) {
  return simpleTransition(db, me, id, "undoDecline", async (tx, r) => {
    const [shift] = await lockShifts(tx, [r.requesterShiftId]);
    if (!shift || shift.userId !== r.requesterId || requesterShiftIssue(shift, todayInLondon())) {
      throw conflict("The shift of this request can no longer be swapped, so the request cannot be restored");
    }
    await checkNoDuplicate(tx, shift.id, me.id, r.id, OTHER_OPEN_WITH_YOU);
    return save(tx, r.id, { status: "pending", ...clearedAgreements });
  });
}

export async function updateRequest(db: Db, me: UserRow, id: number, input: UpdateSwapRequest): Promise<SwapRequest> {
  const [kind] = updateKinds(input);
  if (kind === "cancel") {
    return simpleTransition(db, me, id, "cancel", async (tx, r) => {
      await clearOfferChoice(tx, r.id);
      return save(tx, r.id, { status: "cancelled", ...clearedAgreements });
    });
  }
  if (kind === "grs") {
    return simpleTransition(db, me, id, "grs", async (tx, r) =>
      save(tx, r.id, {
        ...(input.grsSubmitted !== undefined ? { grsSubmitted: input.grsSubmitted } : {}),
        ...(input.grsApproved !== undefined ? { grsApproved: input.grsApproved } : {}),
      }),
    );
  }
  return simpleTransition(db, me, id, "edit", async (tx, r) => {
    const [shift] = await tx.select().from(shifts).where(eq(shifts.id, r.requesterShiftId));
    const issue = requesterShiftIssue(shift, todayInLondon());
    if (shift.userId !== me.id) throw conflict("This shift is no longer in your calendar");
    if (issue) throw conflict(issue, "requesterShiftId");

    const responderId = input.responderId !== undefined ? input.responderId : r.responderId;
    const responderChanged = responderId !== r.responderId;
    let availabilityId = responderChanged ? null : r.responderAvailabilityId;
    if (responderId !== null && (responderChanged || input.responderAvailabilityId !== undefined)) {
      const checked = await checkResponder(tx, me, responderId, shift.date, input.responderAvailabilityId);
      availabilityId = checked.availabilityId;
    } else if (responderId === null && input.responderAvailabilityId != null) {
      throw badRequest("Choose the clinician this availability belongs to", "responderId");
    }
    if (responderChanged) await checkNoDuplicate(tx, shift.id, responderId, r.id);

    const offerIds =
      input.offerShiftIds !== undefined ? input.offerShiftIds : responderChanged ? [] : await offerShiftIdsOf(tx, r.id);
    await checkOffers(tx, me.id, responderId, offerIds);
    await replaceOffers(tx, r.id, offerIds);
    // Any edit by the requester clears both agreements (DESIGN §5.6).
    return save(tx, r.id, {
      status: "pending",
      responderId,
      responderAvailabilityId: availabilityId,
      ...clearedAgreements,
    });
  });
}

export async function deleteRequest(db: Db, me: UserRow, id: number): Promise<void> {
  const before = await transact(db, async (tx) => {
    const { r, role } = await lockForParty(tx, me.id, id);
    check("delete", role, r);
    // Messages and offers go with the request (ON DELETE CASCADE).
    await tx.delete(swapRequests).where(eq(swapRequests.id, r.id));
    return r;
  });
  await publish(db, { events: [{ swapRequestId: id, userIds: partiesOf(before) }] });
}

/** A same-grade colleague takes an open request: they become its responder (DESIGN §5.11). */
export async function offerToCover(db: Db, me: UserRow, id: number): Promise<SwapRequest> {
  const { row, result } = await transact(db, async (tx) => {
    const r = await requestById(tx, id, true);
    if (!r) throw notFound(SWAP_NOT_FOUND);
    const [requester] = await tx.select().from(users).where(eq(users.id, r.requesterId));
    const role = roleOf(r, me.id);
    // A request of another grade is not listed to this user: it does not exist for them.
    if (role === "other" && requester.clinicalGrade !== me.clinicalGrade) throw notFound(SWAP_NOT_FOUND);
    check("offerToCover", role, r);
    // The shift's lock, as creation takes it, so a request to me for it cannot slip in meanwhile.
    const [shift] = await lockShifts(tx, [r.requesterShiftId]);
    const issue = shift.userId === r.requesterId ? requesterShiftIssue(shift, todayInLondon()) : "Shift changed";
    if (issue) throw conflict("This shift can no longer be swapped");
    await checkNoDuplicate(tx, shift.id, me.id, r.id, OTHER_OPEN_WITH_YOU);
    const checked = await checkResponder(tx, requester, me.id, shift.date, undefined).catch((e) => {
      if (e instanceof AppError && e.statusCode === 409) {
        throw conflict(`You need an Available Off Day on ${longDay(shift.date)} to cover this shift`);
      }
      throw e;
    });
    const updated = await save(tx, r.id, {
      responderId: me.id,
      responderAvailabilityId: checked.availabilityId,
      status: "pending",
      ...clearedAgreements,
    });
    return { row: updated, result: await hydrateOne(tx, updated) };
  });
  await publish(db, { events: [{ swapRequestId: id, userIds: partiesOf(row) }] });
  return result;
}

// ---- Agree and completion (DESIGN §5.7) ------------------------------------------------------

type LockPlan = { userIds: number[]; shiftIds: number[]; days: { userId: number; date: string }[] };

/**
 * What an agreement may touch, read before taking locks: both parties (advisory, as availability
 * writes do), the requester's shift and every offered shift, and both parties' rows on those days.
 */
async function lockPlanFor(tx: Tx, r: SwapRequestRow): Promise<LockPlan> {
  const offerIds = await offerShiftIdsOf(tx, r.id);
  const ids = [r.requesterShiftId, ...offerIds];
  const rows = await tx.select({ id: shifts.id, date: shifts.date }).from(shifts).where(inArray(shifts.id, ids));
  const dayOf = (shiftId: number) => rows.find((s) => s.id === shiftId)?.date;
  const days: LockPlan["days"] = [];
  const requesterDay = dayOf(r.requesterShiftId);
  if (r.responderId !== null && requesterDay) days.push({ userId: r.responderId, date: requesterDay });
  for (const o of offerIds) {
    const d = dayOf(o);
    if (d) days.push({ userId: r.requesterId, date: d });
  }
  return { userIds: partiesOf(r), shiftIds: ids, days };
}

const covers = (held: LockPlan, need: LockPlan) =>
  need.userIds.every((u) => held.userIds.includes(u)) &&
  need.shiftIds.every((s) => held.shiftIds.includes(s)) &&
  need.days.every((d) => held.days.some((h) => h.userId === d.userId && h.date === d.date));

/** Takes the plan's locks in one global order: parties, shifts by id, day rows by id. */
async function takeLocks(tx: Tx, plan: LockPlan) {
  for (const u of [...plan.userIds].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(727275, ${u})`);
  }
  await lockShifts(tx, plan.shiftIds);
  await lockDays(tx, plan.days);
}

export async function agree(
  db: Db,
  me: UserRow,
  id: number,
  acceptedOfferShiftId: number | null | undefined,
): Promise<SwapRequest> {
  const { result, effects } = await transact(db, async (tx) => {
    const seen = await requestById(tx, id);
    if (!seen || roleOf(seen, me.id) === "other") throw notFound(SWAP_NOT_FOUND);
    const plan = await lockPlanFor(tx, seen);
    await takeLocks(tx, plan);
    const r = await requestById(tx, id, true);
    if (!r) throw notFound(SWAP_NOT_FOUND);
    if (!covers(plan, await lockPlanFor(tx, r))) throw new LockPlanChanged();

    const role = roleOf(r, me.id);
    const d = check("agree", role, r);
    const offerIds = await offerShiftIdsOf(tx, r.id);
    if (acceptedOfferShiftId != null) {
      if (role !== "responder") throw badRequest("Only the responder picks a return shift", "acceptedOfferShiftId");
      if (!offerIds.includes(acceptedOfferShiftId)) {
        throw badRequest("Choose one of the offered shifts, or none", "acceptedOfferShiftId");
      }
    }
    const chosen = role === "responder" ? (acceptedOfferShiftId ?? null) : r.acceptedOfferShiftId;
    const now = new Date();
    const own =
      role === "requester"
        ? { requesterAgreed: true, requesterAgreedAt: now }
        : { responderAgreed: true, responderAgreedAt: now };

    // The deal must still be possible, whether this is the first agreement or the one that completes it.
    const verified = await verifyDeal(tx, r, chosen);

    if (!d.completes) {
      if (role === "responder") {
        await clearOfferChoice(tx, r.id);
        if (chosen !== null) await markOfferAccepted(tx, r.id, chosen);
      }
      const updated = await save(tx, r.id, {
        ...own,
        status: "accepted",
        ...(role === "responder" ? { acceptedOfferShiftId: chosen } : {}),
      });
      return {
        result: await hydrateOne(tx, updated),
        effects: { events: [{ swapRequestId: r.id, userIds: partiesOf(r) }] } as Effects,
      };
    }

    const effects = await completeSwap(tx, r, verified);
    await clearOfferChoice(tx, r.id);
    if (chosen !== null) await markOfferAccepted(tx, r.id, chosen);
    const updated = await save(tx, r.id, {
      ...own,
      status: "completed",
      requesterAgreed: true,
      responderAgreed: true,
      acceptedOfferShiftId: chosen,
    });
    effects.events.unshift({ swapRequestId: r.id, userIds: partiesOf(r) });
    return { result: await hydrateOne(tx, updated), effects };
  });
  await publish(db, effects);
  return result;
}

async function markOfferAccepted(tx: Tx, swapRequestId: number, shiftId: number) {
  await tx
    .update(swapRequestOffers)
    .set({ accepted: true })
    .where(and(eq(swapRequestOffers.swapRequestId, swapRequestId), eq(swapRequestOffers.shiftId, shiftId)));
}

type VerifiedDeal = {
  shift: ShiftRow;
  responderDay: ShiftRow[];
  offer: ShiftRow | null;
  requesterOfferDay: ShiftRow[];
};

/**
 * Re-checks, under the row locks, everything the swap relies on. Any change since the request was
 * made is a 409 naming it; the transaction then rolls back, so the agreement is not recorded.
 */
async function verifyDeal(tx: Tx, r: SwapRequestRow, chosen: number | null): Promise<VerifiedDeal> {
  const [shift] = await tx.select().from(shifts).where(eq(shifts.id, r.requesterShiftId));
  const [requester] = await tx.select().from(users).where(eq(users.id, r.requesterId));
  const [responder] = await tx
    .select()
    .from(users)
    .where(eq(users.id, r.responderId as number));
  const today = todayInLondon();
  if (!shift || shift.userId !== r.requesterId) {
    throw conflict(`The shift is no longer in ${requester.firstName}'s calendar, so this swap cannot go ahead`);
  }
  if (shift.isProtected) throw conflict("The shift is now protected, so this swap cannot go ahead");
  if (!swappableShiftTypes.includes(shift.shiftType)) {
    throw conflict("The shift is no longer a day or night shift, so this swap cannot go ahead");
  }
  if (shift.date <= today) throw conflict("The shift date has passed, so this swap cannot go ahead");
  if (responder.clinicalGrade !== requester.clinicalGrade) {
    throw conflict(
      `Swaps are only between clinicians of the same clinical grade, and ${fullName(responder)} is now a ${gradeLabel(
        responder.clinicalGrade,
      ).toLowerCase()}, so this swap cannot go ahead`,
    );
  }

  const [availability] = r.responderAvailabilityId
    ? await tx.select().from(userAvailability).where(eq(userAvailability.id, r.responderAvailabilityId))
    : [];
  if (availability && availability.date !== shift.date) {
    throw conflict(`The shift has moved to ${longDay(shift.date)} since this request was made`);
  }
  const responderDay = await tx
    .select()
    .from(shifts)
    .where(and(eq(shifts.userId, responder.id), eq(shifts.date, shift.date)))
    .orderBy(asc(shifts.id));
  const hasOffDay = responderDay.some((s) => s.shiftType === "rest_day" && s.restDayShiftInterest);
  if (!availability || availability.userId !== responder.id || !hasOffDay || isBusy(responderDay)) {
    throw conflict(`${responder.firstName} no longer has an Available Off Day on ${longDay(shift.date)}`);
  }

  if (chosen === null) return { shift, responderDay, offer: null, requesterOfferDay: [] };
  const [offer] = await tx.select().from(shifts).where(eq(shifts.id, chosen));
  if (!offer || offer.userId !== responder.id || offer.shiftType !== "seeking_coverage") {
    throw conflict(`The return shift is no longer in ${responder.firstName}'s calendar as seeking coverage`);
  }
  if (offer.date <= today) throw conflict("The return shift date has passed, so this swap cannot go ahead");
  const requesterOfferDay = await tx
    .select()
    .from(shifts)
    .where(and(eq(shifts.userId, requester.id), eq(shifts.date, offer.date)))
    .orderBy(asc(shifts.id));
  if (isBusy(requesterOfferDay)) {
    throw conflict(`${requester.firstName} is no longer free on ${longDay(offer.date)} to work the return shift`);
  }
  return { shift, responderDay, offer, requesterOfferDay };
}

/**
 * Moves the shifts between the two calendars. Rows change owner rather than being deleted and
 * re-created where possible, so requests pointing at them (this one included) stay intact.
 */
async function completeSwap(tx: Tx, r: SwapRequestRow, deal: VerifiedDeal): Promise<Effects> {
  const requesterId = r.requesterId;
  const responderId = r.responderId as number;
  const { shift, responderDay, offer, requesterOfferDay } = deal;

  // Day D: the requester's shift goes to the responder; the responder's off day becomes the requester's rest day.
  await tx
    .update(shifts)
    .set({ userId: responderId, notes: null, restDayShiftInterest: false })
    .where(eq(shifts.id, shift.id));
  const [keptRest, ...otherRests] = responderDay.filter((s) => s.shiftType === "rest_day");
  await tx
    .update(shifts)
    .set({ userId: requesterId, restDayShiftInterest: false, isProtected: false, notes: null, location: null })
    .where(eq(shifts.id, keptRest.id));
  if (otherRests.length > 0)
    await tx.delete(shifts).where(
      inArray(
        shifts.id,
        otherRests.map((s) => s.id),
      ),
    );

  const days = [shift.date];
  // The responder's own shifts on the return shift's day become a rest day: requests for them go too.
  const replaced: number[] = [];
  if (offer) {
    // Day D2: the seeking-coverage entry becomes the requester's day or night shift; the responder's
    // own shift that day goes with it and they get a rest day; the requester's rest day there is replaced.
    const type = coveredShiftType(offer.startTime);
    const fallback =
      type === "day" ? { startTime: "07:00", endTime: "19:00" } : { startTime: "19:00", endTime: "07:00" };
    await tx
      .update(shifts)
      .set({
        userId: requesterId,
        shiftType: type,
        startTime: offer.startTime ?? fallback.startTime,
        endTime: offer.endTime ?? fallback.endTime,
        restDayShiftInterest: false,
        isProtected: false,
        notes: null,
      })
      .where(eq(shifts.id, offer.id));
    const theirWork = await tx
      .select()
      .from(shifts)
      .where(
        and(eq(shifts.userId, responderId), eq(shifts.date, offer.date), inArray(shifts.shiftType, ["day", "night"])),
      )
      .orderBy(asc(shifts.id))
      .for("update");
    const [first, ...rest] = theirWork;
    replaced.push(...theirWork.map((w) => w.id));
    if (first) {
      await tx
        .update(shifts)
        .set({
          shiftType: "rest_day",
          startTime: null,
          endTime: null,
          restDayShiftInterest: false,
          isProtected: false,
          notes: null,
        })
        .where(eq(shifts.id, first.id));
    } else {
      await tx.insert(shifts).values({ userId: responderId, date: offer.date, shiftType: "rest_day" });
    }
    if (rest.length > 0)
      await tx.delete(shifts).where(
        inArray(
          shifts.id,
          rest.map((s) => s.id),
        ),
      );
    const requesterRests = requesterOfferDay.filter((s) => s.shiftType === "rest_day").map((s) => s.id);
    if (requesterRests.length > 0) await tx.delete(shifts).where(inArray(shifts.id, requesterRests));
    days.push(offer.date);
  }

  await syncAvailability(tx, requesterId, days);
  await syncAvailability(tx, responderId, days);
  return closeOtherRequests(tx, r, shift, offer, replaced);
}

/**
 * Other open requests the swap made impossible: those for a moved shift or for a shift of the
 * responder that the return shift replaced, and those counting on a day that is now worked. They are cancelled with a note in their chat; requests that offered the
 * moved return shift lose that offer (and their agreements).
 */
async function closeOtherRequests(
  tx: Tx,
  r: SwapRequestRow,
  shift: ShiftRow,
  offer: ShiftRow | null,
  replaced: number[],
): Promise<Effects> {
  const open = inArray(swapRequests.status, ["pending", "accepted"]);
  const moved = [shift.id, ...(offer ? [offer.id] : []), ...replaced];
  const s = alias(shifts, "s");
  const takenDays = [and(eq(swapRequests.responderId, r.responderId as number), eq(s.date, shift.date))];
  if (offer) takenDays.push(and(eq(swapRequests.responderId, r.requesterId), eq(s.date, offer.date)));

  const candidates = await tx
    .select({ id: swapRequests.id, shiftId: swapRequests.requesterShiftId })
    .from(swapRequests)
    .innerJoin(s, eq(s.id, swapRequests.requesterShiftId))
    .where(and(open, ne(swapRequests.id, r.id), or(inArray(swapRequests.requesterShiftId, moved), ...takenDays)));
  const offering = offer
    ? await tx
        .select({ id: swapRequestOffers.swapRequestId })
        .from(swapRequestOffers)
        .innerJoin(swapRequests, eq(swapRequests.id, swapRequestOffers.swapRequestId))
        .where(and(eq(swapRequestOffers.shiftId, offer.id), ne(swapRequests.id, r.id), open))
    : [];

  const ids = [...new Set([...candidates.map((c) => c.id), ...offering.map((o) => o.id)])].sort((a, b) => a - b);
  if (ids.length === 0) return { events: [] };
  const locked = await tx
    .select()
    .from(swapRequests)
    .where(and(inArray(swapRequests.id, ids), open))
    .orderBy(asc(swapRequests.id))
    .for("update");

  const effects: Effects = { events: [] };
  for (const other of locked) {
    const cancel = candidates.find((c) => c.id === other.id);
    if (cancel) {
      await save(tx, other.id, { status: "cancelled", ...clearedAgreements });
      await clearOfferChoice(tx, other.id);
      const content = moved.includes(cancel.shiftId) ? SHIFT_SWAPPED_MESSAGE : DAY_TAKEN_MESSAGE;
      await tx.insert(messages).values({ swapRequestId: other.id, senderId: other.requesterId, content });
    } else if (offer) {
      await tx
        .delete(swapRequestOffers)
        .where(and(eq(swapRequestOffers.swapRequestId, other.id), eq(swapRequestOffers.shiftId, offer.id)));
      await save(tx, other.id, { status: "pending", ...clearedAgreements });
      await clearOfferChoice(tx, other.id);
      await tx
        .insert(messages)
        .values({ swapRequestId: other.id, senderId: other.requesterId, content: OFFER_GONE_MESSAGE });
    }
    effects.events.push({ swapRequestId: other.id, userIds: partiesOf(other) });
  }
  return effects;
}
