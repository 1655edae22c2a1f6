import { londonDate } from "../../common/dates";
import { partiesOf, requesterShiftIssue } from "../../common/swap-rules";
import type { CreateSwapRequest, SwapRequest } from "../../common/swaps";
import type { Db } from "../db/open";
import type { UserRow } from "../db/schema";
import { transact } from "../db/transact";
import { badRequest, conflict, notFound } from "../errors";
import { recordNotification } from "../notifications/record";
import { alertColleagues, type CoverAlertOptions } from "./cover-alerts";
import { hydrateOne } from "./detail-queries";
import { SHIFT_NOT_FOUND, swapUpdated } from "./kernel";
import { insertRequest, insertSwapMessage, replaceOffers } from "./queries";
import { checkNoDuplicate, checkOffers, checkResponder } from "./request-checks";
import { addressedSchedule } from "./send-reminders";
import { lockShifts } from "./shift-queries";

/** `now` is the clock's: what is past is judged by it, and the responder's reminders are timed from it (decision 037). */
export async function createRequest(
  db: Db,
  me: UserRow,
  input: CreateSwapRequest,
  cover: CoverAlertOptions,
  now: Date,
): Promise<SwapRequest> {
  const offerIds = input.offerShiftIds ?? [];
  const today = londonDate(now);
  return transact(db, async (tx) => {
    // The shift row lock serialises two creations for the same shift (no duplicate slips through).
    const [shift] = await lockShifts(tx, [input.requesterShiftId]);
    if (!shift || shift.userId !== me.id) throw notFound(SHIFT_NOT_FOUND);
    const issue = requesterShiftIssue(shift, today);
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
    await checkOffers(tx, me.id, responderId, offerIds, today);
    await checkNoDuplicate(tx, shift.id, responderId);

    const created = await insertRequest(tx, {
      requesterId: me.id,
      responderId,
      requesterShiftId: shift.id,
      responderAvailabilityId: availabilityId,
      ...addressedSchedule(responderId, now),
    });
    await replaceOffers(tx, created.id, offerIds);
    if (responderId !== null) {
      await recordNotification(tx, { kind: "request_received", swapRequestId: created.id, actorId: me.id });
    } else {
      // An open request: everyone who could take it hears about it (DESIGN §5.22).
      await alertColleagues(tx, cover, me, created.id, shift);
    }
    const intro = input.introMessage?.trim();
    if (intro) await insertSwapMessage(tx, created.id, me.id, intro);
    await swapUpdated(tx, created.id, partiesOf(created));
    return hydrateOne(tx, created);
  });
}
