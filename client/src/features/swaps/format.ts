import { format, parseISO } from "date-fns";
import type { SwapRequest, SwapShift } from "../../../../common/swaps";

export const SHORT_DATE = "MMM d, yyyy";
export const LONG_DATE = "EEEE, MMMM do, yyyy";
export const DAY_WITH_WEEKDAY = "EEEE, MMM d, yyyy";

/** 'Day Shift', 'Night Shift', or the raw value (SPEC §2). */
export function shiftTypeLabel(type: string): string {
  if (type === "day") return "Day Shift";
  if (type === "night") return "Night Shift";
  return type;
}

export function shiftTimes(shift: Pick<SwapShift, "startTime" | "endTime">): string {
  return shift.startTime && shift.endTime ? `${shift.startTime} - ${shift.endTime}` : "Time TBD";
}

/** A 'yyyy-MM-dd' calendar day in the given pattern. */
export const formatDay = (day: string, pattern: string = SHORT_DATE) => format(parseISO(day), pattern);

export const formatInstant = (iso: string, pattern = "MMM d, yyyy h:mm a") => format(new Date(iso), pattern);

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export type MyRole = "requester" | "responder" | "other";

export function myRole(r: Pick<SwapRequest, "requesterId" | "responderId">, myId: number): MyRole {
  if (r.requesterId === myId) return "requester";
  if (r.responderId === myId) return "responder";
  return "other";
}

/** The request's other party as seen by me. */
export function counterpartLabel(r: SwapRequest, myId: number): string {
  if (r.requesterId === myId) return r.responderUser ? fullName(r.responderUser) : "Looking for match";
  return fullName(r.requesterUser);
}
