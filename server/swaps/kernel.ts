import { decide, partiesOf, roleOf, type SwapAction, type SwapRole } from "../../common/swap-rules";
import type { SwapShift } from "../../common/swaps";
import type { Db, Tx } from "../db/open";
import type { ShiftRow, SwapRequestRow } from "../db/schema";
import { AppError, conflict, notFound } from "../errors";
import { notifyUsers } from "../events/publish";
import { alertedTo } from "./cover-alert-queries";
import { clearOfferChoice, insertSwapMessage, removeOffer, requestById, saveRequest } from "./queries";
import { clearPartyAgreements, isThreeWayParty, partyUserIdsOf } from "./three-way-party-queries";

export const SWAP_NOT_FOUND = "Swap request not found";
export const SHIFT_NOT_FOUND = "Shift not found";

/**
 * Tells these users, once the transaction commits, that the request changed (they refetch it). The
 * colleagues alerted to it hear too, with the lighter event that refreshes only their cover alerts,
 * so an open dashboard shows it taken or closed at once.
 */
export async function swapUpdated(tx: Tx, swapRequestId: number, userIds: number[]) {
  await notifyUsers(tx, userIds, { type: "SWAP_UPDATED", payload: { swapRequestId } });
  const alerted = (await alertedTo(tx, swapRequestId)).filter((id) => !userIds.includes(id));
  await coverAlertsChanged(tx, swapRequestId, alerted);
}

/** Tells colleagues alerted to a request that it was made, taken or closed. */
export function coverAlertsChanged(tx: Tx, swapRequestId: number, userIds: number[]) {
  return notifyUsers(tx, userIds, { type: "COVER_ALERTS_CHANGED", payload: { swapRequestId } });
}

function stateOf(r: SwapRequestRow) {
  return {
    status: r.status,
    requesterAgreed: r.requesterAgreed,
    responderAgreed: r.responderAgreed,
    hasResponder: r.responderId !== null,
  };
}

/** Every party of the request: requester and responder, or a three-way request's three. */
export async function partyIdsOfRow(tx: Tx, r: SwapRequestRow): Promise<number[]> {
  return r.threeWay ? partyUserIdsOf(tx, r.id) : partiesOf(r);
}

/** The user's role in the request; a three-way party beyond its first leg is "responder" for the checks. */
export async function roleIn(db: Tx | Db, r: SwapRequestRow, userId: number): Promise<SwapRole> {
  const role = roleOf(r, userId);
  if (role !== "other" || !r.threeWay) return role;
  return (await isThreeWayParty(db, r.id, userId)) ? "responder" : "other";
}

export const THREE_WAY_ONLY_TOGETHER =
  "A three-way swap cannot be edited, cancelled or deleted; any of the three can decline it instead";

/** Actions of a pairwise request that a three-way request answers with 409 (DESIGN §5.23). */
const pairwiseOnly: SwapAction[] = ["cancel", "edit", "delete", "undoDecline", "offerToCover"];

/** Applies the status machine; throws the refusal as the matching HTTP error. */
export function check(action: SwapAction, role: SwapRole, r: SwapRequestRow) {
  if (r.threeWay && role !== "other" && pairwiseOnly.includes(action)) throw conflict(THREE_WAY_ONLY_TOGETHER);
  const d = decide(action, role, stateOf(r));
  if (!d.ok) throw new AppError(d.status, d.message);
  return d;
}

/** The request, locked, and the user's role in it; 404 if there is no such request. */
export async function lockForParty(tx: Tx, userId: number, id: number) {
  const r = await requestById(tx, id, true);
  if (!r) throw notFound(SWAP_NOT_FOUND);
  return { r, role: await roleIn(tx, r, userId) };
}

export const clearedAgreements = {
  requesterAgreed: false,
  responderAgreed: false,
  requesterAgreedAt: null,
  responderAgreedAt: null,
  acceptedOfferShiftId: null,
} as const;

export const toSwapShift = (s: ShiftRow): SwapShift => ({
  id: s.id,
  date: s.date,
  shiftType: s.shiftType,
  startTime: s.startTime,
  endTime: s.endTime,
});

/**
 * Cancels a locked open request that can no longer happen (another swap, its shift starting): the
 * note goes in its chat as the requester's system line. The caller tells the parties.
 */
export async function cancelWithNote(tx: Tx, r: SwapRequestRow, note: string) {
  await saveRequest(tx, r.id, { status: "cancelled", ...clearedAgreements });
  await clearOfferChoice(tx, r.id);
  // A three-way request's agreements are its parties' rows; a cancelled one shows none, as a pair's.
  if (r.threeWay) await clearPartyAgreements(tx, r.id);
  await insertSwapMessage(tx, r.id, r.requesterId, note);
}

/** Drops an offered shift that can no longer be given from a locked open request; agreements go too. */
export async function dropOfferWithNote(tx: Tx, r: SwapRequestRow, shiftId: number, note: string) {
  await removeOffer(tx, r.id, shiftId);
  await saveRequest(tx, r.id, { status: "pending", ...clearedAgreements });
  await clearOfferChoice(tx, r.id);
  await insertSwapMessage(tx, r.id, r.requesterId, note);
}
