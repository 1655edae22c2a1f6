import type { SwapStatus } from "./enums";

// When a request that waits on someone is brought back to them (decision 037).

const HOUR = 3_600_000;

/** A responder who has not answered (no message, agreement or decline) is reminded once, this long after being asked. */
export const REMIND_RESPONDER_AFTER_MS = 24 * HOUR;
/** Still no answer: the requester is told once and offered to ask everyone who could cover. */
export const ASK_EVERYONE_AFTER_MS = 48 * HOUR;
/** A completed swap not ticked 'Submitted on GRS' is brought back to both parties this long after completion. */
export const GRS_REMINDERS_AFTER_MS: readonly number[] = [24 * HOUR, 72 * HOUR];

/** Whether the request still waits on its responder's first answer. */
export function waitsOnResponder(r: {
  status: SwapStatus;
  responderId: number | null;
  addressedAt: Date | null;
  responderAnswered: boolean;
}): r is { status: SwapStatus; responderId: number; addressedAt: Date; responderAnswered: false } {
  return (
    (r.status === "pending" || r.status === "accepted") &&
    r.responderId !== null &&
    r.addressedAt !== null &&
    !r.responderAnswered
  );
}

/**
 * From when the requester is offered 'Ask everyone who could cover': 48 h after the responder was
 * asked, while the request still waits on their answer; null otherwise.
 */
export function askEveryoneFrom(r: Parameters<typeof waitsOnResponder>[0]): Date | null {
  return waitsOnResponder(r) ? new Date(r.addressedAt.getTime() + ASK_EVERYONE_AFTER_MS) : null;
}

export const ASK_EVERYONE_LABEL = "Ask everyone who could cover";
