import type { Conversation } from "@common/messages";
import { fullName } from "@common/names";

/** A conversation's place in DESIGN §5.20's one order, the same as its request's. */
export const conversationOrderKey = (c: Conversation) => ({
  status: c.status,
  shiftDate: c.shift.date,
  grsSubmitted: c.grsSubmitted,
  id: c.swapRequestId,
});

/** The other party's name, or why there is none; both others of a three-way swap. */
export function counterpartName(c: Conversation, myId?: number): string {
  const others = c.participants?.filter((p) => p.id !== myId);
  if (others && myId !== undefined) return others.map((p) => fullName(p)).join(" & ");
  if (c.otherParty) return fullName(c.otherParty);
  return c.awaitingResponder ? "Awaiting responder" : "Unknown user";
}

export function requesterLine(c: Conversation): string {
  if (c.youRequested) return "You requesting swap";
  return `${c.requester ? fullName(c.requester) : "Unknown user"} requesting swap`;
}
