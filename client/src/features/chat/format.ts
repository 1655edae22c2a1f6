import { fullName } from "@/features/swaps/format";
import type { Conversation } from "../../../../common/messages";

export const TIME = "h:mm a";

/** The other party's name, or why there is none. */
export function counterpartName(c: Conversation): string {
  if (c.otherParty) return fullName(c.otherParty);
  return c.awaitingResponder ? "Awaiting responder" : "Unknown user";
}

export function requesterLine(c: Conversation): string {
  if (c.youRequested) return "You requesting swap";
  return `${c.requester ? fullName(c.requester) : "Unknown user"} requesting swap`;
}
