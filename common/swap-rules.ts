import type { ClinicalGrade, ShiftType, SwapStatus } from "./enums";
import { DEFAULT_TIMES, isNightByTimes } from "./shift-rules";

// The rules and words of swap requests, without their schemas (./swaps): the browser decides which
// buttons to show with these, and a screen should not load the validation library for that.

/** SPEC §9: coverage shifts offered in one swap. */
export const MAX_OFFERS = 3;
export const OFFER_LIMIT_MESSAGE = "You can select up to 3 coverage shifts to offer.";
export const INTRO_MESSAGE_MAX = 2000;

/** Find matches answers at most this many colleagues (same hub first), each with this many soonest coverage shifts. */
export const MATCHES_LIMIT = 50;
export const MATCH_SHIFTS_LIMIT = 5;

export const SHIFT_SWAPPED_MESSAGE =
  "This swap request was cancelled because the shift was swapped in another request.";
export const DAY_TAKEN_MESSAGE =
  "This swap request was cancelled because the responder's off day was taken by another swap.";
export const UNACKNOWLEDGED_WARNINGS_MESSAGE =
  "This swap breaks your rest rules. Read the warnings and agree again to confirm.";
export const OFFER_GONE_MESSAGE =
  "An offered return shift was swapped in another request, so it was removed and any agreements were cleared.";
/** The system note of a request still open when its shift started (DESIGN §5.22). */
export const SHIFT_STARTED_MESSAGE = "This request closed when the shift started.";
/** The system note of an offer dropped from an open request because the offered shift started. */
export const offerStartedMessage = (name: string, shiftLabel: string, longDate: string) =>
  `The offer of ${name}'s ${shiftLabel} on ${longDate} was withdrawn because the shift started.`;

// ---- Pure rules ------------------------------------------------------------------------------

/** Shift types that can be given away in a swap (DESIGN §5.8). */
export const swappableShiftTypes: readonly ShiftType[] = ["day", "night"];

/**
 * Why a shift cannot be the requester's shift of a swap, or null when it can.
 * "Future" means after today in Europe/London: a shift today may already be under way.
 */
export function requesterShiftIssue(
  shift: { shiftType: ShiftType; isProtected: boolean; date: string },
  today: string,
): string | null {
  if (!swappableShiftTypes.includes(shift.shiftType)) return "Only day and night shifts can be swapped";
  if (shift.isProtected) return "Protected shifts cannot be swapped";
  if (shift.date <= today) return "Only shifts after today can be swapped";
  return null;
}

/**
 * A seeking-coverage entry becomes a day or night shift for its new owner, by the same rule imports
 * and working-time checks use (`isNightByTimes`): a 14:00–22:00 or 16:00–23:00 late stays a day, a
 * shift past midnight or starting before 05:00 is a night. Untimed entries stay days.
 */
export function coveredShiftType(s: { startTime: string | null; endTime: string | null }): "day" | "night" {
  if (!s.startTime || !s.endTime) return "day";
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return isNightByTimes(minutes(s.startTime), minutes(s.endTime)) ? "night" : "day";
}

/**
 * The return shift as its new owner works it once a swap completes (DESIGN §5.16): a day or night
 * shift with the entry's times, or SPEC's default times when it had none.
 */
export function returnShiftOf<S extends { date: string; startTime: string | null; endTime: string | null }>(offer: S) {
  const shiftType = coveredShiftType(offer);
  return {
    date: offer.date,
    shiftType,
    startTime: offer.startTime ?? DEFAULT_TIMES[shiftType].startTime,
    endTime: offer.endTime ?? DEFAULT_TIMES[shiftType].endTime,
  };
}

export type SwapRole = "requester" | "responder" | "other";

/**
 * The users a request concerns: its requester and, once there is one, its responder; a three-way
 * request's answer names all three in `parties` (DESIGN §5.23).
 */
export const partiesOf = (r: {
  requesterId: number;
  responderId: number | null;
  parties?: { user: { id: number } }[];
}): number[] => {
  if (r.parties) return r.parties.map((p) => p.user.id);
  return r.responderId === null ? [r.requesterId] : [r.requesterId, r.responderId];
};

export function roleOf(r: { requesterId: number; responderId: number | null }, userId: number): SwapRole {
  if (r.requesterId === userId) return "requester";
  if (r.responderId !== null && r.responderId === userId) return "responder";
  return "other";
}

/**
 * The user's role in a request as its answer shows it: a three-way party beyond the first leg is a
 * "responder", as the server's checks see them (DESIGN §5.23); their warnings carry that role.
 */
export function answerRoleOf(
  r: { requesterId: number; responderId: number | null; parties?: { user: { id: number } }[] },
  userId: number,
): SwapRole {
  const role = roleOf(r, userId);
  return role === "other" && r.parties?.some((p) => p.user.id === userId) ? "responder" : role;
}

type Graded = { clinicalGrade: ClinicalGrade };

/** Swaps are only between clinicians of the same clinical grade (DESIGN §5.8, §5.9, §5.11). */
export const sameGrade = (a: Graded, b: Graded) => a.clinicalGrade === b.clinicalGrade;

/**
 * Whether `other` is one of `me`'s swap colleagues: same grade, address proved, not `me`. Only
 * colleagues are listed to each other (matches, open requests) and only a colleague can be sent a
 * request; a clinician who has not proved their address is listed to nobody. The SQL form of this
 * rule is `swapColleagueOf` in server/swaps/queries.ts.
 */
export function isSwapColleague(
  me: Graded & { id: number },
  other: Graded & { id: number; emailVerifiedAt: Date | null },
): boolean {
  return other.id !== me.id && sameGrade(me, other) && other.emailVerifiedAt !== null;
}

export type SwapAction =
  | "agree"
  | "unagree"
  | "reject"
  | "undoDecline"
  | "cancel"
  | "edit"
  | "delete"
  | "grs"
  | "offerToCover";

export type SwapState = {
  status: SwapStatus;
  requesterAgreed: boolean;
  responderAgreed: boolean;
  hasResponder: boolean;
};

export type Transition = {
  status: SwapStatus;
  requesterAgreed: boolean;
  responderAgreed: boolean;
};

export type Decision =
  | { ok: true; next: Transition | "deleted"; completes: boolean }
  | { ok: false; status: 403 | 404 | 409; message: string };

const refuse = (status: 403 | 404 | 409, message: string): Decision => ({ ok: false, status, message });
const to = (next: Transition | "deleted", completes = false): Decision => ({ ok: true, next, completes });

const stateMessages: Record<"declined" | "completed" | "cancelled", string> = {
  declined: "This swap request was declined",
  completed: "This swap is already completed and cannot be changed",
  cancelled: "This swap request was cancelled",
};

/**
 * The swap status machine (DESIGN §5.6). Checks run in a fixed order: not a party → 404,
 * wrong role → 403, wrong state → 409. Offering to cover is the one action a non-party may take.
 */
export function decide(action: SwapAction, role: SwapRole, s: SwapState): Decision {
  const cleared = (status: SwapStatus): Transition => ({ status, requesterAgreed: false, responderAgreed: false });
  const finalOrClosed = s.status === "declined" || s.status === "completed" || s.status === "cancelled";

  if (action === "offerToCover") {
    if (role === "requester") return refuse(403, "You cannot cover your own swap request");
    if (role === "responder") return refuse(409, "You are already the responder of this swap request");
    // A request with a responder, or closed, is not listed to anyone else: it does not exist for them.
    if (s.hasResponder || s.status !== "pending") return refuse(404, "Swap request not found");
    return to(cleared("pending"));
  }

  if (role === "other") return refuse(404, "Swap request not found");
  const own = role === "requester" ? s.requesterAgreed : s.responderAgreed;
  const other = role === "requester" ? s.responderAgreed : s.requesterAgreed;
  const withOwn = (agreed: boolean): Transition => ({
    status: s.status,
    requesterAgreed: role === "requester" ? agreed : s.requesterAgreed,
    responderAgreed: role === "responder" ? agreed : s.responderAgreed,
  });

  switch (action) {
    case "agree":
      if (finalOrClosed) return refuse(409, stateMessages[s.status as keyof typeof stateMessages]);
      if (!s.hasResponder) return refuse(409, "Nobody has responded to this request yet, so it cannot be agreed");
      if (own) return refuse(409, "You have already agreed to this swap");
      if (other) return to({ status: "completed", requesterAgreed: true, responderAgreed: true }, true);
      return to({ ...withOwn(true), status: "accepted" });
    case "unagree":
      if (finalOrClosed) return refuse(409, stateMessages[s.status as keyof typeof stateMessages]);
      if (!own) return refuse(409, "You have not agreed to this swap");
      return to({ ...withOwn(false), status: other ? "accepted" : "pending" });
    case "reject":
      if (role !== "responder") return refuse(403, "Only the responder can reject a swap request");
      if (s.status === "declined") return refuse(409, "This swap request is already declined");
      if (finalOrClosed) return refuse(409, stateMessages[s.status as keyof typeof stateMessages]);
      return to(cleared("declined"));
    case "undoDecline":
      if (role !== "responder") return refuse(403, "Only the responder can undo a decline");
      if (s.status !== "declined") return refuse(409, "Only a declined swap request can be restored");
      return to(cleared("pending"));
    case "cancel":
      if (role !== "requester") return refuse(403, "Only the requester can cancel a swap request");
      if (s.status === "cancelled") return refuse(409, "This swap request is already cancelled");
      if (finalOrClosed) return refuse(409, stateMessages[s.status as keyof typeof stateMessages]);
      return to(cleared("cancelled"));
    case "edit":
      if (role !== "requester") return refuse(403, "Only the requester can change a swap request");
      if (finalOrClosed) return refuse(409, stateMessages[s.status as keyof typeof stateMessages]);
      return to(cleared("pending"));
    case "delete":
      if (s.status === "completed") return refuse(409, "A completed swap cannot be deleted");
      return to("deleted");
    case "grs":
      if (s.status !== "completed") return refuse(409, "GRS can be ticked once the swap is completed");
      return to({ status: s.status, requesterAgreed: s.requesterAgreed, responderAgreed: s.responderAgreed });
  }
}

/** Which controls the Swap Details card offers a party; mirrors `decide`. */
export function allowedActions(role: SwapRole, s: SwapState): SwapAction[] {
  const all: SwapAction[] = ["agree", "unagree", "reject", "undoDecline", "cancel", "edit", "delete", "grs"];
  return all.filter((a) => decide(a, role, s).ok);
}

export const swapStatusLabels: Record<SwapStatus, string> = {
  pending: "Pending",
  accepted: "Accepted",
  declined: "Declined",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** A three-way request as one party sees it: their own agreement and how many of the other two agreed. */
export type ThreeWayState = { status: SwapStatus; mine: boolean; othersAgreed: number };

/**
 * The status machine of a three-way request (DESIGN §5.23), for each party on their own side:
 * agree (the third agreement completes it), withdraw their agreement while it is open, or decline
 * (it ends for all three). Editing, cancelling, restoring and deleting belong to pairwise requests.
 */
export function decideThreeWay(action: "agree" | "unagree" | "reject", s: ThreeWayState): Decision {
  const closed = s.status === "declined" || s.status === "completed" || s.status === "cancelled";
  if (closed) return refuse(409, stateMessages[s.status as keyof typeof stateMessages]);
  const flags = (mine: boolean) => ({ requesterAgreed: mine, responderAgreed: s.othersAgreed === 2 });
  switch (action) {
    case "agree":
      if (s.mine) return refuse(409, "You have already agreed to this swap");
      if (s.othersAgreed === 2) return to({ status: "completed", requesterAgreed: true, responderAgreed: true }, true);
      return to({ status: "accepted", ...flags(true) });
    case "unagree":
      if (!s.mine) return refuse(409, "You have not agreed to this swap");
      return to({ status: s.othersAgreed > 0 ? "accepted" : "pending", ...flags(false) });
    case "reject":
      return to({ status: "declined", requesterAgreed: false, responderAgreed: false });
  }
}

/** Whose shift a three-way party takes: the previous party's, in cycle order. */
export const takenFrom = (position: number, count = 3) => (position + count - 1) % count;

/** The system note of a three-way request one party declined (it ends for all three). */
export const threeWayDeclinedMessage = (name: string) =>
  `${name} declined this three-way swap, so it has ended for all three.`;

type IntroParty = {
  user: { firstName: string; lastName: string };
  gives: { date: string; shiftType: ShiftType; startTime: string | null; endTime: string | null };
};

/**
 * The system note that opens a three-way request's conversation: who takes whose shift, in cycle
 * order ('Sam Lee proposed a three-way swap: Ann Ray takes Sam Lee's Sat 12 Dec day · …').
 */
export function threeWayIntroMessage(parties: IntroParty[], dayLabel: (day: string) => string): string {
  const name = (p: IntroParty) => `${p.user.firstName} ${p.user.lastName}`.trim();
  const worked = (g: IntroParty["gives"]) =>
    g.shiftType === "day" || g.shiftType === "night" ? g.shiftType : coveredShiftType(g);
  const moves = parties.map((p, i) => {
    const taker = parties[(i + 1) % parties.length];
    return `${name(taker)} takes ${name(p)}'s ${dayLabel(p.gives.date)} ${worked(p.gives)}`;
  });
  return `${name(parties[0])} proposed a three-way swap: ${moves.join(" · ")}. Each of the three agrees on their own side; the last agreement completes it.`;
}

/** The system note of a three-way request whose party deleted their account. */
export const threeWayLeftMessage = (name: string) =>
  `${name} has left CrewSwap, so this three-way swap has ended for the other two.`;
