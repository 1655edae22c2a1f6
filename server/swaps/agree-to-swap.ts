import { londonDate, longDay } from "../../common/dates";
import { gradeLabel } from "../../common/enums";
import { fullName } from "../../common/names";
import {
  partiesOf,
  roleOf,
  type SwapRole,
  sameGrade,
  swappableShiftTypes,
  UNACKNOWLEDGED_WARNINGS_MESSAGE,
} from "../../common/swap-rules";
import type { SwapRequest } from "../../common/swaps";
import type { WtrLimits } from "../../common/working-time-types";
import type { Db, Tx } from "../db/open";
import type { ShiftRow, SwapRequestRow, UserRow } from "../db/schema";
import { LockPlanChanged, transact } from "../db/transact";
import { badRequest, conflict, conflictWith, notFound } from "../errors";
import { recordNotification } from "../notifications/record";
import { completeSwap, type VerifiedDeal } from "./complete-swap";
import type { CoverAlertOptions } from "./cover-alerts";
import { hydrateOne } from "./detail-queries";
import { check, SWAP_NOT_FOUND, swapUpdated } from "./kernel";
import {
  availabilityById,
  clearOfferChoice,
  markOfferAccepted,
  offerShiftIdsOf,
  requestById,
  saveRequest,
  userById,
} from "./queries";
import { completedSchedule } from "./send-reminders";
import { isBusy, lockDays, lockParties, lockShifts, shiftById, shiftsByIds } from "./shift-queries";
import { warningsFor } from "./swap-warnings";
import { agreeThreeWay } from "./three-way-lifecycle";

type LockPlan = { userIds: number[]; shiftIds: number[]; days: { userId: number; date: string }[] };

/**
 * What an agreement may touch: both parties (advisory, as availability writes do), the requester's
 * shift and every offered shift, and both parties' rows on those days.
 */
function lockPlanFor(r: SwapRequestRow, offerIds: number[], dated: { id: number; date: string }[]): LockPlan {
  const dayOf = (shiftId: number) => dated.find((s) => s.id === shiftId)?.date;
  const days: LockPlan["days"] = [];
  const requesterDay = dayOf(r.requesterShiftId);
  if (r.responderId !== null && requesterDay) days.push({ userId: r.responderId, date: requesterDay });
  for (const o of offerIds) {
    const d = dayOf(o);
    if (d) days.push({ userId: r.requesterId, date: d });
  }
  return { userIds: partiesOf(r), shiftIds: [r.requesterShiftId, ...offerIds], days };
}

const covers = (held: LockPlan, need: LockPlan) =>
  need.userIds.every((u) => held.userIds.includes(u)) &&
  need.shiftIds.every((s) => held.shiftIds.includes(s)) &&
  need.days.every((d) => held.days.some((h) => h.userId === d.userId && h.date === d.date));

/**
 * Plans the locks from an unlocked read, takes them in one global order (parties, shifts by id, day
 * rows by id), then locks the request and checks the plan still covers it, else the attempt retries.
 */
async function lockForAgreement(tx: Tx, userId: number, id: number) {
  const seen = await requestById(tx, id);
  if (!seen || roleOf(seen, userId) === "other") throw notFound(SWAP_NOT_FOUND);
  const seenOffers = await offerShiftIdsOf(tx, seen.id);
  const planned = lockPlanFor(seen, seenOffers, await shiftsByIds(tx, [seen.requesterShiftId, ...seenOffers]));
  await lockParties(tx, planned.userIds);
  const lockedShifts = await lockShifts(tx, planned.shiftIds);
  await lockDays(tx, planned.days);
  const r = await requestById(tx, id, true);
  if (!r) throw notFound(SWAP_NOT_FOUND);
  const offerIds = await offerShiftIdsOf(tx, r.id);
  if (!covers(planned, lockPlanFor(r, offerIds, lockedShifts))) throw new LockPlanChanged();
  return { r, offerIds };
}

export type AgreeOptions = {
  acceptedOfferShiftId: number | null | undefined;
  /** The caller has seen what the swap does to their rest and agrees anyway. */
  acknowledgeWarnings: boolean;
  limits: WtrLimits | null;
  /** Completing moves days off and on: colleagues who could now cover hear of it. */
  cover: CoverAlertOptions;
  /** The clock's now: what is past is judged by it, and the GRS reminders of a completed swap are timed from it. */
  now: Date;
};

export async function agree(db: Db, me: UserRow, id: number, options: AgreeOptions): Promise<SwapRequest> {
  const { acceptedOfferShiftId } = options;
  // A request never changes kind, so an unlocked read decides which agreement it takes.
  if ((await requestById(db, id))?.threeWay) {
    if (acceptedOfferShiftId != null)
      throw badRequest("A three-way swap has no return shift to pick", "acceptedOfferShiftId");
    return agreeThreeWay(db, me, id, options);
  }
  return transact(db, async (tx) => {
    const { r, offerIds } = await lockForAgreement(tx, me.id, id);
    const role = roleOf(r, me.id);
    const d = check("agree", role, r);
    if (acceptedOfferShiftId != null) {
      if (role !== "responder") throw badRequest("Only the responder picks a return shift", "acceptedOfferShiftId");
      if (!offerIds.includes(acceptedOfferShiftId)) {
        throw badRequest("Choose one of the offered shifts, or none", "acceptedOfferShiftId");
      }
    }
    const chosen = role === "responder" ? (acceptedOfferShiftId ?? null) : r.acceptedOfferShiftId;
    // The deal must still be possible, whether this is the first agreement or the one that completes it.
    const verified = await verifyDeal(tx, r, chosen, londonDate(options.now));
    // Under the same locks: a roster change since the caller read the warnings is seen here.
    if (!options.acknowledgeWarnings) {
      // Agreeing before a return shift is chosen accepts whichever the responder picks: check them all.
      const offers = role === "requester" && !verified.offer ? await shiftsByIds(tx, offerIds) : [];
      const request = {
        requesterId: r.requesterId,
        responderId: r.responderId,
        ...verified,
        chosen: verified.offer,
        offers,
      };
      const warnings = await warningsFor(tx, options.limits, request, role);
      if (warnings.length > 0) throw conflictWith(UNACKNOWLEDGED_WARNINGS_MESSAGE, { warnings });
    }
    const done = d.completes
      ? await complete(tx, r, role, chosen, verified, options.cover, options.now)
      : await recordAgreement(tx, r, role, chosen, options.now);
    // Completion carries the GRS reminder; a first agreement asks the other party for theirs.
    await recordNotification(tx, {
      kind: d.completes ? "completed" : "party_agreed",
      swapRequestId: r.id,
      actorId: me.id,
    });
    return done;
  });
}

// The responder's agreement is their answer: no reminder follows (decision 037).
const ownAgreement = (role: SwapRole, now: Date) =>
  role === "requester"
    ? { requesterAgreed: true, requesterAgreedAt: now }
    : { responderAgreed: true, responderAgreedAt: now, responderAnswered: true };

/** The first of the two agreements: the request waits for the other party. */
async function recordAgreement(tx: Tx, r: SwapRequestRow, role: SwapRole, chosen: number | null, now: Date) {
  if (role === "responder") {
    await clearOfferChoice(tx, r.id);
    if (chosen !== null) await markOfferAccepted(tx, r.id, chosen);
  }
  const updated = await saveRequest(tx, r.id, {
    ...ownAgreement(role, now),
    status: "accepted",
    ...(role === "responder" ? { acceptedOfferShiftId: chosen } : {}),
  });
  await swapUpdated(tx, r.id, partiesOf(r));
  return hydrateOne(tx, updated);
}

/** The second agreement: the shifts change hands and the request is completed. */
async function complete(
  tx: Tx,
  r: SwapRequestRow,
  role: SwapRole,
  chosen: number | null,
  deal: VerifiedDeal,
  cover: CoverAlertOptions,
  now: Date,
) {
  // This request's event first, then those of the requests the swap closed (as they happened).
  await swapUpdated(tx, r.id, partiesOf(r));
  await completeSwap(tx, r, deal, cover);
  await clearOfferChoice(tx, r.id);
  if (chosen !== null) await markOfferAccepted(tx, r.id, chosen);
  const updated = await saveRequest(tx, r.id, {
    ...ownAgreement(role, now),
    status: "completed",
    requesterAgreed: true,
    responderAgreed: true,
    acceptedOfferShiftId: chosen,
    ...completedSchedule(now),
  });
  return hydrateOne(tx, updated);
}

/**
 * Re-checks, under the row locks, everything the swap relies on. Any change since the request was
 * made is a 409 naming it; the transaction then rolls back, so the agreement is not recorded.
 */
async function verifyDeal(tx: Tx, r: SwapRequestRow, chosen: number | null, today: string): Promise<VerifiedDeal> {
  const shift = await shiftById(tx, r.requesterShiftId);
  const requester = (await userById(tx, r.requesterId)) as UserRow;
  const responder = (await userById(tx, r.responderId as number)) as UserRow;
  if (!shift || shift.userId !== r.requesterId) {
    throw conflict(`The shift is no longer in ${requester.firstName}'s calendar, so this swap cannot go ahead`);
  }
  if (shift.isProtected) throw conflict("The shift is now protected, so this swap cannot go ahead");
  if (!swappableShiftTypes.includes(shift.shiftType)) {
    throw conflict("The shift is no longer a day or night shift, so this swap cannot go ahead");
  }
  if (shift.date <= today) throw conflict("The shift date has passed, so this swap cannot go ahead");
  if (!sameGrade(responder, requester)) {
    throw conflict(
      `Swaps are only between clinicians of the same clinical grade, and ${fullName(responder)} is now a ${gradeLabel(
        responder.clinicalGrade,
      ).toLowerCase()}, so this swap cannot go ahead`,
    );
  }
  const responderDay = await verifyOffDay(tx, r, shift, responder);
  if (chosen === null) return { shift, responderDay, offer: null, requesterOfferDay: [] };
  const { offer, requesterOfferDay } = await verifyReturnShift(tx, chosen, requester, responder, today);
  return { shift, responderDay, offer, requesterOfferDay };
}

/** The responder still has the Available Off Day the request was made against; their rows that day. */
async function verifyOffDay(tx: Tx, r: SwapRequestRow, shift: ShiftRow, responder: UserRow) {
  const availability = r.responderAvailabilityId ? await availabilityById(tx, r.responderAvailabilityId) : undefined;
  if (availability && availability.date !== shift.date) {
    throw conflict(`The shift has moved to ${longDay(shift.date)} since this request was made`);
  }
  const responderDay = await lockDays(tx, [{ userId: responder.id, date: shift.date }]);
  const hasOffDay = responderDay.some((s) => s.shiftType === "rest_day" && s.restDayShiftInterest);
  if (!availability || availability.userId !== responder.id || !hasOffDay || isBusy(responderDay)) {
    throw conflict(`${responder.firstName} no longer has an Available Off Day on ${longDay(shift.date)}`);
  }
  return responderDay;
}

/** The chosen return shift is still the responder's to cover, and the requester is free that day. */
async function verifyReturnShift(tx: Tx, chosen: number, requester: UserRow, responder: UserRow, today: string) {
  const offer = await shiftById(tx, chosen);
  if (!offer || offer.userId !== responder.id || offer.shiftType !== "seeking_coverage") {
    throw conflict(`The return shift is no longer in ${responder.firstName}'s calendar as seeking coverage`);
  }
  if (offer.date <= today) throw conflict("The return shift date has passed, so this swap cannot go ahead");
  const requesterOfferDay = await lockDays(tx, [{ userId: requester.id, date: offer.date }]);
  if (isBusy(requesterOfferDay)) {
    throw conflict(`${requester.firstName} is no longer free on ${longDay(offer.date)} to work the return shift`);
  }
  return { offer, requesterOfferDay };
}
