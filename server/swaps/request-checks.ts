import { longDay } from "../../common/dates";
import { isSwapColleague } from "../../common/swap-rules";
import type { Tx } from "../db/open";
import type { UserRow } from "../db/schema";
import { badRequest, conflict, notFound } from "../errors";
import { availableOffDay, openDuplicateOf, userById } from "./queries";
import { firstBusyDay, shiftsByIds } from "./shift-queries";

/** No second open request for the same shift and responder (or a second open 'looking for match'). */
export const OTHER_OPEN_WITH_YOU = "There is already another open request with you for this shift";

export const CLINICIAN_NOT_FOUND = "Clinician not found";

/**
 * The responder for a shift's day: same grade, not the requester, with an Available Off Day then.
 * The caller picks from colleagues of their grade with that off day, so a refusal names no one: a
 * clinician of another grade is not found, exactly like an unknown id (issue 18: say nothing to
 * outsiders). So is one who has not proved their address yet: they are listed to nobody, and a
 * request must not reach them by id either.
 */
export async function checkResponder(
  tx: Tx,
  requester: Pick<UserRow, "id" | "clinicalGrade">,
  responderId: number,
  day: string,
  availabilityId: number | null | undefined,
): Promise<{ responder: UserRow; availabilityId: number }> {
  if (responderId === requester.id) throw badRequest("You cannot send a swap request to yourself", "responderId");
  const responder = await userById(tx, responderId);
  if (!responder || !isSwapColleague(requester, responder)) {
    throw notFound(CLINICIAN_NOT_FOUND);
  }
  const row = await availableOffDay(tx, responderId, day);
  if (!row || (availabilityId != null && row.id !== availabilityId)) {
    throw conflict(
      `The clinician has no Available Off Day on ${longDay(day)}`,
      availabilityId != null ? "responderAvailabilityId" : "responderId",
    );
  }
  return { responder, availabilityId: row.id };
}

/** DESIGN §5.16: each offer is the responder's seeking-coverage shift after today, on a day the requester is free. */
export async function checkOffers(
  tx: Tx,
  requesterId: number,
  responderId: number | null,
  offerIds: number[],
  today: string,
) {
  if (offerIds.length === 0) return;
  if (responderId === null) throw badRequest("Choose a clinician before offering their shifts", "offerShiftIds");
  const rows = await shiftsByIds(tx, offerIds);
  for (const id of offerIds) {
    const s = rows.find((r) => r.id === id);
    if (!s || s.userId !== responderId || s.shiftType !== "seeking_coverage") {
      throw conflict("You can only offer to work shifts the clinician is seeking coverage for", "offerShiftIds");
    }
    if (s.date <= today) throw conflict("Offered shifts must be after today", "offerShiftIds");
  }
  const busy = await firstBusyDay(tx, requesterId, [...new Set(rows.map((r) => r.date))]);
  if (busy !== undefined) {
    throw conflict(`You already have a shift on ${longDay(busy)}, so you cannot offer to work it`, "offerShiftIds");
  }
}

export async function checkNoDuplicate(
  tx: Tx,
  shiftId: number,
  responderId: number | null,
  exceptId?: number,
  message?: string,
) {
  const dup = await openDuplicateOf(tx, shiftId, responderId, exceptId);
  if (dup !== undefined) {
    throw conflict(
      message ??
        (responderId === null
          ? "This shift already has an open request looking for a match"
          : "You already have an open swap request with this clinician for this shift"),
    );
  }
}
