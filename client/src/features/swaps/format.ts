import { fullName } from "@common/names";
import { awaitsGrs } from "@common/swap-order";
import { coveredShiftType, roleOf } from "@common/swap-rules";
import type { SwapRequest } from "@common/swaps";

/** A request's place in DESIGN §5.20's one order (common/swap-order.ts). */
export const requestOrderKey = (r: SwapRequest) => ({
  status: r.status,
  shiftDate: r.requesterShift.date,
  grsSubmitted: r.grsSubmitted,
  id: r.id,
});

/**
 * The shift a request is about for me: its requester's, or in a three-way request my own (the one
 * another party takes, as the conversation list shows it), a Seeking Coverage entry named by the
 * shift it is.
 */
export function shownShift(
  r: SwapRequest,
  myId: number,
): Pick<SwapRequest["requesterShift"], "date" | "shiftType" | "startTime" | "endTime"> {
  const mine = r.parties?.find((p) => p.user.id === myId)?.gives;
  if (!mine) return r.requesterShift;
  return mine.shiftType === "seeking_coverage" ? { ...mine, shiftType: coveredShiftType(mine) } : mine;
}

/** The request's other party as seen by me; both others of a three-way request. */
export function counterpartLabel(r: SwapRequest, myId: number): string {
  if (r.parties) {
    return r.parties
      .filter((p) => p.user.id !== myId)
      .map((p) => fullName(p.user))
      .join(" & ");
  }
  if (r.requesterId === myId) return r.responderUser ? fullName(r.responderUser) : "Looking for match";
  return fullName(r.requesterUser);
}

/**
 * What an active request waits for, as its reader sees it (the dashboard's 'Swap Requests'). SPEC's
 * 'Awaiting response' is the view of the one waiting; the one it waits for reads 'Needs your answer'.
 */
export function waitingFor(r: SwapRequest, myId: number, today: string): string {
  if (awaitsGrs(requestOrderKey(r), today)) return "Submit on GRS";
  if (r.parties)
    return r.parties.some((p) => p.user.id === myId && !p.agreed) ? "Needs your answer" : "Awaiting response";
  if (r.responderId === null) return "Looking for match";
  const requester = roleOf(r, myId) === "requester";
  const mine = requester ? r.requesterAgreed : r.responderAgreed;
  const theirs = requester ? r.responderAgreed : r.requesterAgreed;
  return !mine && (theirs || !requester) ? "Needs your answer" : "Awaiting response";
}
