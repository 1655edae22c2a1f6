import type { SwapRequest } from "@common/swaps";
import { fullName } from "@/lib/format";

export type MyRole = "requester" | "responder" | "other";

export function myRole(r: Pick<SwapRequest, "requesterId" | "responderId">, myId: number): MyRole {
  if (r.requesterId === myId) return "requester";
  if (r.responderId === myId) return "responder";
  return "other";
}

/** A request's place in DESIGN §5.20's one order (common/swap-order.ts). */
export const requestOrderKey = (r: SwapRequest) => ({ status: r.status, shiftDate: r.requesterShift.date, id: r.id });

/** The request's other party as seen by me. */
export function counterpartLabel(r: SwapRequest, myId: number): string {
  if (r.requesterId === myId) return r.responderUser ? fullName(r.responderUser) : "Looking for match";
  return fullName(r.requesterUser);
}
