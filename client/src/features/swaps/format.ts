import { fullName } from "@common/names";
import { awaitsGrs } from "@common/swap-order";
import { roleOf } from "@common/swap-rules";
import type { SwapRequest } from "@common/swaps";

/** A request's place in DESIGN §5.20's one order (common/swap-order.ts). */
export const requestOrderKey = (r: SwapRequest) => ({
  status: r.status,
  shiftDate: r.requesterShift.date,
  grsSubmitted: r.grsSubmitted,
  id: r.id,
});

/** The request's other party as seen by me. */
export function counterpartLabel(r: SwapRequest, myId: number): string {
  if (r.requesterId === myId) return r.responderUser ? fullName(r.responderUser) : "Looking for match";
  return fullName(r.requesterUser);
}

/**
 * What an active request waits for, as its reader sees it (the dashboard's 'Swap Requests'). SPEC's
 * 'Awaiting response' is the view of the one waiting; the one it waits for reads 'Needs your answer'.
 */
export function waitingFor(r: SwapRequest, myId: number, today: string): string {
  if (awaitsGrs(requestOrderKey(r), today)) return "Submit on GRS";
  if (r.responderId === null) return "Looking for match";
  const requester = roleOf(r, myId) === "requester";
  const mine = requester ? r.requesterAgreed : r.responderAgreed;
  const theirs = requester ? r.responderAgreed : r.requesterAgreed;
  return !mine && (theirs || !requester) ? "Needs your answer" : "Awaiting response";
}
