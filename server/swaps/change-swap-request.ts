import { londonDate, longDay } from "../../common/dates";
import {
  isSwapColleague,
  partiesOf,
  requesterShiftIssue,
  type SwapAction,
  type SwapRole,
  type Transition,
} from "../../common/swap-rules";
import { type SwapRequest, type UpdateSwapRequest, updateKinds } from "../../common/swaps";
import type { Db, Tx } from "../db/open";
import type { SwapRequestRow, UserRow } from "../db/schema";
import { transact } from "../db/transact";
import { AppError, badRequest, conflict, notFound } from "../errors";
import { recordNotification } from "../notifications/record";
import { alertColleagues, type CoverAlertOptions } from "./cover-alerts";
import { hydrateOne } from "./detail-queries";
import { check, clearedAgreements, lockForParty, partyIdsOfRow, roleIn, SWAP_NOT_FOUND, swapUpdated } from "./kernel";
import {
  clearOfferChoice,
  deleteRequestRow,
  offerShiftIdsOf,
  replaceOffers,
  requestById,
  saveRequest,
  userById,
} from "./queries";
import { checkNoDuplicate, checkOffers, checkResponder, OTHER_OPEN_WITH_YOU } from "./request-checks";
import { addressedSchedule } from "./send-reminders";
import { lockShifts, shiftById } from "./shift-queries";
import { rejectThreeWay, unagreeThreeWay } from "./three-way-lifecycle";

/** Runs one transition that only touches the request itself, then tells both parties. */
async function simpleTransition(
  db: Db,
  me: UserRow,
  id: number,
  action: SwapAction,
  apply: (tx: Tx, r: SwapRequestRow, role: SwapRole, next: Transition) => Promise<SwapRequestRow>,
): Promise<SwapRequest> {
  return transact(db, async (tx) => {
    const { r, role } = await lockForParty(tx, me.id, id);
    const d = check(action, role, r);
    if (d.next === "deleted") throw new Error(`${action} does not delete`);
    const updated = await apply(tx, r, role, d.next);
    await swapUpdated(tx, id, [...(await partyIdsOfRow(tx, r)), ...partiesOf(updated)]);
    return hydrateOne(tx, updated);
  });
}

export async function unagree(db: Db, me: UserRow, id: number) {
  // A request never changes kind, so an unlocked read decides which path it takes.
  if ((await requestById(db, id))?.threeWay) return unagreeThreeWay(db, me, id);
  return simpleTransition(db, me, id, "unagree", async (tx, r, role, next) => {
    if (role === "responder") await clearOfferChoice(tx, r.id);
    const saved = await saveRequest(tx, r.id, {
      status: next.status,
      requesterAgreed: next.requesterAgreed,
      responderAgreed: next.responderAgreed,
      ...(role === "requester" ? { requesterAgreedAt: null } : { responderAgreedAt: null, acceptedOfferShiftId: null }),
    });
    await recordNotification(tx, { kind: "party_withdrew", swapRequestId: r.id, actorId: me.id });
    return saved;
  });
}

export async function reject(db: Db, me: UserRow, id: number) {
  if ((await requestById(db, id))?.threeWay) return rejectThreeWay(db, me, id);
  return simpleTransition(db, me, id, "reject", async (tx, r) => {
    await clearOfferChoice(tx, r.id);
    // Declining is the responder's answer: no reminder follows (decision 037).
    const saved = await saveRequest(tx, r.id, { status: "declined", responderAnswered: true, ...clearedAgreements });
    await recordNotification(tx, { kind: "declined", swapRequestId: r.id, actorId: me.id });
    return saved;
  });
}

/**
 * Restores a declined request. While it was declined nothing protected its shift: the requester
 * may have changed it, swapped it elsewhere or sent this responder a new request for it, so it
 * reopens only if it could be made again now (under the shift's lock, as creation takes it).
 */
export function undoDecline(db: Db, me: UserRow, id: number, today: string) {
  return simpleTransition(db, me, id, "undoDecline", async (tx, r) => {
    const [shift] = await lockShifts(tx, [r.requesterShiftId]);
    if (!shift || shift.userId !== r.requesterId || requesterShiftIssue(shift, today)) {
      throw conflict("The shift of this request can no longer be swapped, so the request cannot be restored");
    }
    await checkNoDuplicate(tx, shift.id, me.id, r.id, OTHER_OPEN_WITH_YOU);
    const saved = await saveRequest(tx, r.id, { status: "pending", ...clearedAgreements });
    await recordNotification(tx, { kind: "restored", swapRequestId: r.id, actorId: me.id });
    return saved;
  });
}

/** `now` is the clock's: a new responder's reminders are timed from it. */
export async function updateRequest(
  db: Db,
  me: UserRow,
  id: number,
  input: UpdateSwapRequest,
  cover: CoverAlertOptions,
  now: Date,
): Promise<SwapRequest> {
  const [kind] = updateKinds(input);
  if (kind === "cancel") {
    return simpleTransition(db, me, id, "cancel", async (tx, r) => {
      await clearOfferChoice(tx, r.id);
      const saved = await saveRequest(tx, r.id, { status: "cancelled", ...clearedAgreements });
      await recordNotification(tx, { kind: "cancelled", swapRequestId: r.id, actorId: me.id });
      return saved;
    });
  }
  if (kind === "grs") {
    return simpleTransition(db, me, id, "grs", async (tx, r) =>
      saveRequest(tx, r.id, {
        ...(input.grsSubmitted !== undefined ? { grsSubmitted: input.grsSubmitted } : {}),
        ...(input.grsApproved !== undefined ? { grsApproved: input.grsApproved } : {}),
        // Ticked: no more GRS reminders (decision 037).
        ...(input.grsSubmitted === true ? { remindAt: null } : {}),
      }),
    );
  }
  return simpleTransition(db, me, id, "edit", (tx, r) => editRequest(tx, me, r, input, cover, now));
}

/** The requester changes the responder, their availability or the offers (DESIGN §5.6). */
async function editRequest(
  tx: Tx,
  me: UserRow,
  r: SwapRequestRow,
  input: UpdateSwapRequest,
  cover: CoverAlertOptions,
  now: Date,
) {
  const shift = await shiftById(tx, r.requesterShiftId);
  const today = londonDate(now);
  const issue = requesterShiftIssue(shift, today);
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
  await checkOffers(tx, me.id, responderId, offerIds, today);
  await replaceOffers(tx, r.id, offerIds);
  // Any edit by the requester clears both agreements (DESIGN §5.6).
  const saved = await saveRequest(tx, r.id, {
    status: "pending",
    responderId,
    responderAvailabilityId: availabilityId,
    ...clearedAgreements,
    // Someone new is asked: their reminders start again; opened to everyone: none (decision 037).
    ...(responderChanged ? addressedSchedule(responderId, now) : {}),
  });
  // A request now addressed to someone new is news to them.
  if (responderChanged && responderId !== null) {
    await recordNotification(tx, { kind: "request_received", swapRequestId: r.id, actorId: me.id });
  }
  // Opened to everyone: those who could take it hear about it, each once per request.
  if (responderChanged && responderId === null) await alertColleagues(tx, cover, me, r.id, shift);
  return saved;
}

export async function deleteRequest(db: Db, me: UserRow, id: number): Promise<void> {
  await transact(db, async (tx) => {
    const { r, role } = await lockForParty(tx, me.id, id);
    check("delete", role, r);
    // Messages and offers go with the request (ON DELETE CASCADE).
    await deleteRequestRow(tx, r.id);
    await swapUpdated(tx, id, partiesOf(r));
  });
}

/** A same-grade colleague takes an open request: they become its responder (DESIGN §5.11). */
export async function offerToCover(db: Db, me: UserRow, id: number, today: string): Promise<SwapRequest> {
  return transact(db, async (tx) => {
    const r = await requestById(tx, id, true);
    if (!r) throw notFound(SWAP_NOT_FOUND);
    const requester = (await userById(tx, r.requesterId)) as UserRow;
    const role = await roleIn(tx, r, me.id);
    if (r.threeWay && role === "other") throw notFound(SWAP_NOT_FOUND);
    // A request not listed to this user (another grade, or a requester whose address is unproven)
    // does not exist for them; checkResponder below holds me to the whole rule, with its own refusals.
    if (role === "other" && !isSwapColleague(me, requester)) throw notFound(SWAP_NOT_FOUND);
    check("offerToCover", role, r);
    // The shift's lock, as creation takes it, so a request to me for it cannot slip in meanwhile.
    const [shift] = await lockShifts(tx, [r.requesterShiftId]);
    const issue = shift.userId === r.requesterId ? requesterShiftIssue(shift, today) : "Shift changed";
    if (issue) throw conflict("This shift can no longer be swapped");
    await checkNoDuplicate(tx, shift.id, me.id, r.id, OTHER_OPEN_WITH_YOU);
    const checked = await checkResponder(tx, requester, me.id, shift.date, undefined).catch((e) => {
      if (e instanceof AppError && e.statusCode === 409) {
        throw conflict(`You need an Available Off Day on ${longDay(shift.date)} to cover this shift`);
      }
      throw e;
    });
    const updated = await saveRequest(tx, r.id, {
      responderId: me.id,
      responderAvailabilityId: checked.availabilityId,
      status: "pending",
      ...clearedAgreements,
    });
    await recordNotification(tx, { kind: "cover_offered", swapRequestId: r.id, actorId: me.id });
    await swapUpdated(tx, id, partiesOf(updated));
    return hydrateOne(tx, updated);
  });
}
