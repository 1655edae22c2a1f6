import { format, parseISO } from "date-fns";
import type { ShiftType } from "../../common/enums";
import { shiftTypeLabels } from "../../common/shift-rules";

/**
 * The events that need a person (DESIGN §5.17). Each is about one swap request and caused by
 * one user (the actor); it goes to the request's other party, never to the actor.
 */
export type NotificationEvents = {
  /** A new request addressed to the recipient. */
  request_received: { swapRequestId: number; actorId: number };
  /** The actor offered to cover the recipient's open request. */
  cover_offered: { swapRequestId: number; actorId: number };
  /** A new message in a request the recipient is party to. */
  message: { swapRequestId: number; actorId: number; messageId: number };
  party_agreed: { swapRequestId: number; actorId: number };
  party_withdrew: { swapRequestId: number; actorId: number };
  declined: { swapRequestId: number; actorId: number };
  restored: { swapRequestId: number; actorId: number };
  /** By a party (the actor), or, with `because`, by another swap that made it impossible. */
  cancelled: { swapRequestId: number; actorId: number; because?: CancelReason };
  /** Completion carries the GRS reminder. */
  completed: { swapRequestId: number; actorId: number };
} & ReminderEvents;

// ---- Reminders (decision 037): sent by the timed pass, each once ---------------------------------

/** The actor is the party the text names; the recipient is the other party, as for every event. */
type ReminderEvents = {
  /** To the responder, 24 h after being asked without an answer; the actor is the requester. */
  reminder_responder: { swapRequestId: number; actorId: number };
  /** To the requester, 48 h after asking without an answer; the actor is the responder. */
  reminder_requester: { swapRequestId: number; actorId: number };
  /**
   * To one party of a completed swap not ticked 'Submitted on GRS'; the actor is the other party. A
   * three-way swap's one event (actor: its proposer) goes to all three, each told their own change.
   */
  reminder_grs: { swapRequestId: number; actorId: number };
};
const REMINDER_KINDS = ["reminder_responder", "reminder_requester", "reminder_grs"] as const;

function reminderText(kind: (typeof REMINDER_KINDS)[number], c: EventContext) {
  const when = shortDate(c.date);
  switch (kind) {
    case "reminder_responder":
      return {
        title: "Swap request waiting",
        body: `${c.actorName} asked to swap their ${when} ${shiftLabel(c.shiftType).toLowerCase()}`,
      };
    case "reminder_requester":
      return {
        title: "Swap request not answered",
        body: `${c.actorName} hasn't answered your swap request for ${when}`,
      };
    case "reminder_grs":
      return {
        title: "Submit your swap on GRS",
        body: `Your swap with ${c.actorName} for the ${shiftLabel(c.shiftType)} on ${when} is not marked as submitted on GRS yet`,
      };
  }
}

// ----------------------------------------------------------------------------------------------------

/**
 * Why a request was cancelled without a party asking: another swap moved its shift or took the
 * responder's off day, or its shift started while it was still open (no actor: both parties hear).
 */
export type CancelReason = "shift_swapped" | "day_taken" | "shift_started";

const cancelReasons: Record<CancelReason, string> = {
  shift_swapped: "the shift was swapped in another request",
  day_taken: "the responder's off day was taken by another swap",
  shift_started: "the shift started",
};

export type NotificationKind = keyof NotificationEvents;
export type NotificationEvent = { [K in NotificationKind]: { kind: K } & NotificationEvents[K] }[NotificationKind];

/** Kinds that still need the recipient when unread: they go into the email digest. */
export const DIGEST_KINDS: ReadonlySet<NotificationKind> = new Set([
  "request_received",
  "cover_offered",
  "message",
  ...REMINDER_KINDS,
]);

/**
 * What one party of a three-way request reads (DESIGN §5.23): the shift they would work and whose it
 * is, and who works the shift they give; each shift as the one who works it sees it (day or night).
 */
export type ThreeWaySide = {
  takes: { date: string; shiftType: ShiftType; from: string };
  gives: { date: string; shiftType: ShiftType; to: string };
};

/** For a three-way request, `date` and `shiftType` are the recipient's own given shift, and `threeWay` their side. */
export type EventContext = { actorName: string; date: string; shiftType: ShiftType; threeWay?: ThreeWaySide };

/** '2025-12-12' → 'Fri 12 Dec' */
export const shortDate = (day: string) => format(parseISO(day), "EEE d MMM");

const shiftLabel = (t: ShiftType) => shiftTypeLabels[t] ?? "shift";

/** Lock-screen text: names, dates and shift types only, never message text. */
export function pushText(
  kind: NotificationKind,
  c: EventContext,
  because?: CancelReason,
): { title: string; body: string } {
  const threeWay = c.threeWay && threeWayText(kind, c.actorName, c.threeWay, because);
  if (threeWay) return threeWay;
  const when = shortDate(c.date);
  const shift = `${shiftLabel(c.shiftType)} on ${when}`;
  switch (kind) {
    case "request_received":
      return { title: "New swap request", body: `${c.actorName} asked you to swap their ${shift}` };
    case "cover_offered":
      return { title: "Offer to cover", body: `${c.actorName} offered to cover your ${shift}` };
    case "message":
      return { title: `New message from ${c.actorName}`, body: `About the swap for the ${shift}` };
    case "party_agreed":
      return { title: "Swap agreed", body: `${c.actorName} agreed to the swap for the ${shift}` };
    case "party_withdrew":
      return { title: "Agreement withdrawn", body: `${c.actorName} withdrew their agreement for the ${shift}` };
    case "declined":
      return { title: "Swap request declined", body: `${c.actorName} declined the swap for the ${shift}` };
    case "restored":
      return { title: "Swap request restored", body: `${c.actorName} restored the swap for the ${shift}` };
    case "cancelled":
      return {
        title: "Swap request cancelled",
        // Another swap's actor need not be a party of this one: the reason is told instead.
        body: because
          ? `The swap request for the ${shift} was cancelled because ${cancelReasons[because]}`
          : `${c.actorName} cancelled the swap request for the ${shift}`,
      };
    case "completed":
      return {
        title: "Swap completed",
        body: `Swap with ${c.actorName} for the ${shift} is complete. Remember to submit it on GRS.`,
      };
    case "reminder_responder":
    case "reminder_requester":
    case "reminder_grs":
      return reminderText(kind, c);
  }
}

// ---- Three-way requests: each of the three reads their own side -----------------------------------

const worked = (s: { date: string; shiftType: ShiftType }) => `${shiftLabel(s.shiftType)} on ${shortDate(s.date)}`;

/** 'you work Cy Three's Night Shift on Thu 17 Dec and Bo Three works your Day Shift on Sat 12 Dec' */
const sideOf = (s: ThreeWaySide) =>
  `you work ${s.takes.from}'s ${worked(s.takes)} and ${s.gives.to} works your ${worked(s.gives)}`;

const threeWayReasons: Record<CancelReason, string> = {
  shift_swapped: "one of its shifts was swapped in another request",
  day_taken: "an off day it needs was taken by another swap",
  shift_started: "one of its shifts started",
};

function threeWayText(kind: NotificationKind, actor: string, s: ThreeWaySide, because?: CancelReason) {
  const side = sideOf(s);
  switch (kind) {
    case "request_received":
      return { title: "New three-way swap", body: `${actor} proposed a three-way swap: ${side}` };
    case "message":
      return { title: `New message from ${actor}`, body: `About the three-way swap for your ${worked(s.gives)}` };
    case "party_agreed":
      return { title: "Swap agreed", body: `${actor} agreed to the three-way swap: ${side}` };
    case "party_withdrew":
      return { title: "Agreement withdrawn", body: `${actor} withdrew their agreement to the three-way swap: ${side}` };
    case "declined":
      return { title: "Swap request declined", body: `${actor} declined the three-way swap in which ${side}` };
    case "cancelled":
      return {
        title: "Swap request cancelled",
        body: because
          ? `The three-way swap in which ${side} was cancelled because ${threeWayReasons[because]}`
          : `${actor} cancelled the three-way swap in which ${side}`,
      };
    case "completed":
      return {
        title: "Swap completed",
        body: `Three-way swap complete: ${side}. Remember to submit your change on GRS.`,
      };
    case "reminder_grs":
      // Three changes go on GRS, one for each of the three: this one is the recipient's.
      return {
        title: "Submit your swap on GRS",
        body: `Your three-way swap is not marked as submitted on GRS yet. Three changes go on GRS; yours: ${side}`,
      };
    default:
      return null;
  }
}

// ----------------------------------------------------------------------------------------------------

/** One line of the email digest for a group of unread events of one kind about one request. */
export function digestLine(kind: NotificationKind, count: number, c: EventContext): string {
  const when = shortDate(c.date);
  if (c.threeWay && (kind === "request_received" || kind === "reminder_grs")) return pushText(kind, c).body;
  switch (kind) {
    case "message":
      return count === 1
        ? `1 new message about your swap on ${when}`
        : `${count} new messages about your swap on ${when}`;
    case "cover_offered":
      return `${c.actorName} offered to cover your ${shiftLabel(c.shiftType)} on ${when}`;
    case "reminder_responder":
    case "reminder_requester":
    case "reminder_grs":
      return reminderText(kind, c).body;
    default:
      return `New swap request from ${c.actorName} for ${when}`;
  }
}
