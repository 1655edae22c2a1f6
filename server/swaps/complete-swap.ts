import {
  DAY_TAKEN_MESSAGE,
  OFFER_GONE_MESSAGE,
  partiesOf,
  returnShiftOf,
  SHIFT_SWAPPED_MESSAGE,
} from "../../common/swap-rules";
import { syncAvailability } from "../db/availability-index";
import type { Tx } from "../db/open";
import type { ShiftRow, SwapRequestRow } from "../db/schema";
import type { NotificationEvent } from "../notifications/events";
import { recordNotifications } from "../notifications/record";
import {
  deleteShifts,
  insertRestDay,
  lockOpenRequests,
  openRequestsOffering,
  requestsBrokenBySwap,
  updateShift,
} from "./completion-queries";
import { alertOffDays, type CoverAlertOptions } from "./cover-alerts";
import { cancelWithNote, dropOfferWithNote, swapUpdated } from "./kernel";
import { lockDays } from "./shift-queries";

export type VerifiedDeal = {
  shift: ShiftRow;
  responderDay: ShiftRow[];
  offer: ShiftRow | null;
  requesterOfferDay: ShiftRow[];
};

/**
 * Moves the shifts between the two calendars. Rows change owner rather than being deleted and
 * re-created where possible, so requests pointing at them (this one included) stay intact.
 */
export async function completeSwap(
  tx: Tx,
  r: SwapRequestRow,
  deal: VerifiedDeal,
  cover: CoverAlertOptions,
): Promise<void> {
  const requesterId = r.requesterId;
  const responderId = r.responderId as number;
  const { shift, responderDay, offer } = deal;

  // Day D: the requester's shift goes to the responder; the responder's off day becomes the requester's rest day.
  await updateShift(tx, shift.id, { userId: responderId, notes: null, restDayShiftInterest: false });
  const [keptRest, ...otherRests] = responderDay.filter((s) => s.shiftType === "rest_day");
  await updateShift(tx, keptRest.id, {
    userId: requesterId,
    restDayShiftInterest: false,
    isProtected: false,
    notes: null,
    location: null,
  });
  await deleteShifts(
    tx,
    otherRests.map((s) => s.id),
  );

  const days = [shift.date];
  // The responder's own shifts on the return shift's day become a rest day: requests for them go too.
  const replaced = offer ? await handOverReturnShift(tx, r, offer, deal.requesterOfferDay) : [];
  if (offer) days.push(offer.date);

  await alertOffDays(tx, cover, requesterId, await syncAvailability(tx, requesterId, days));
  await alertOffDays(tx, cover, responderId, await syncAvailability(tx, responderId, days));
  return closeOtherRequests(tx, r, shift, offer, replaced);
}

/**
 * Day D2: the seeking-coverage entry becomes the requester's day or night shift; the responder's
 * own shift that day goes with it and they get a rest day; the requester's rest day there is
 * replaced. Returns the ids of the responder's shifts the return shift replaced.
 */
async function handOverReturnShift(
  tx: Tx,
  r: SwapRequestRow,
  offer: ShiftRow,
  requesterOfferDay: ShiftRow[],
): Promise<number[]> {
  const responderId = r.responderId as number;
  const worked = returnShiftOf(offer);
  await updateShift(tx, offer.id, {
    userId: r.requesterId,
    shiftType: worked.shiftType,
    startTime: worked.startTime,
    endTime: worked.endTime,
    restDayShiftInterest: false,
    isProtected: false,
    notes: null,
  });
  const theirDay = await lockDays(tx, [{ userId: responderId, date: offer.date }]);
  const theirWork = theirDay.filter((s) => s.shiftType === "day" || s.shiftType === "night");
  const [first, ...rest] = theirWork;
  if (first) {
    await updateShift(tx, first.id, {
      shiftType: "rest_day",
      startTime: null,
      endTime: null,
      restDayShiftInterest: false,
      isProtected: false,
      notes: null,
    });
  } else {
    await insertRestDay(tx, responderId, offer.date, false);
  }
  await deleteShifts(
    tx,
    rest.map((s) => s.id),
  );
  await deleteShifts(
    tx,
    requesterOfferDay.filter((s) => s.shiftType === "rest_day").map((s) => s.id),
  );
  return theirWork.map((w) => w.id);
}

/**
 * Other open requests the swap made impossible: those for a moved shift or for a shift of the
 * responder that the return shift replaced, and those counting on a day that is now worked. They
 * are cancelled with a note in their chat; requests that offered the moved return shift lose that
 * offer (and their agreements).
 */
async function closeOtherRequests(
  tx: Tx,
  r: SwapRequestRow,
  shift: ShiftRow,
  offer: ShiftRow | null,
  replaced: number[],
): Promise<void> {
  const moved = [shift.id, ...(offer ? [offer.id] : []), ...replaced];
  const swap = { id: r.id, requesterId: r.requesterId, responderId: r.responderId as number };
  const candidates = await requestsBrokenBySwap(tx, swap, shift, offer, moved);
  const offering = offer ? await openRequestsOffering(tx, offer.id, r.id) : [];

  const ids = [...new Set([...candidates.map((c) => c.id), ...offering])].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const locked = await lockOpenRequests(tx, ids);

  const cancellations: NotificationEvent[] = [];
  for (const other of locked) {
    const cancel = candidates.find((c) => c.id === other.id);
    if (cancel) {
      const because = moved.includes(cancel.shiftId) ? "shift_swapped" : "day_taken";
      await cancelWithNote(tx, other, because === "shift_swapped" ? SHIFT_SWAPPED_MESSAGE : DAY_TAKEN_MESSAGE);
      // Its parties hear of it, except one who is also a party of this swap and saw it happen.
      const inSwap = (id: number | null) => id !== null && (id === r.requesterId || id === r.responderId);
      const actorId = inSwap(other.requesterId)
        ? other.requesterId
        : inSwap(other.responderId)
          ? (other.responderId as number)
          : r.requesterId;
      cancellations.push({ kind: "cancelled", swapRequestId: other.id, actorId, because });
    } else if (offer) {
      await dropOfferWithNote(tx, other, offer.id, OFFER_GONE_MESSAGE);
    }
    await swapUpdated(tx, other.id, partiesOf(other));
  }
  await recordNotifications(tx, cancellations);
}
