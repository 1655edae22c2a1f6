import { longDay } from "../../common/dates";
import { CONFIRM_SWAP_CHANGE } from "../../common/shift-rules";
import type { Tx } from "../db/open";
import { conflict } from "../errors";
import { clearedAgreements, swapUpdated } from "./kernel";
import { clearOfferChoice, insertSwapMessage, openRequestsAsResponderOn, saveRequest } from "./queries";
import { isBusy, lockDays } from "./shift-queries";

type OnDay = Awaited<ReturnType<typeof openRequestsAsResponderOn>>[number];

/** What a swap needs of the responder's day: an Available Off Day and no shift that would clash. */
async function daysThatHold(tx: Tx, userId: number, days: string[]): Promise<Set<string>> {
  const rows = await lockDays(
    tx,
    days.map((date) => ({ userId, date })),
  );
  const held = new Set<string>();
  for (const day of days) {
    const onDay = rows.filter((s) => s.date === day);
    if (onDay.some((s) => s.shiftType === "rest_day" && s.restDayShiftInterest) && !isBusy(onDay)) held.add(day);
  }
  return held;
}

export function swapDayMessage(requests: OnDay[]): string {
  const names = [...new Set(requests.map((r) => r.requesterName))];
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  const what = requests.length === 1 ? "a swap request" : "swap requests";
  return `This day belongs to ${what} with ${list}. Changing it clears both agreements and tells them.`;
}

/**
 * The responder's side of an open request: the Available Off Day it was made against. Call
 * `before` ahead of a change to the user's calendar on these days and `after` once it is applied
 * (same transaction). A change that takes such a day away is refused with 409 naming the requester
 * (field `confirmSwapChange`) unless confirmed; confirmed, each request's agreements clear and the
 * requester gets a note in the conversation; both parties hear of it once the transaction commits.
 */
export async function guardOffDays(tx: Tx, userId: number, days: string[]) {
  const unique = [...new Set(days)];
  const requests = await openRequestsAsResponderOn(tx, userId, unique);
  const heldBefore = requests.length === 0 ? new Set<string>() : await daysThatHold(tx, userId, unique);
  return {
    async after(confirmed: boolean): Promise<void> {
      if (requests.length === 0) return;
      const heldAfter = await daysThatHold(tx, userId, unique);
      const lost = requests.filter((r) => heldBefore.has(r.date) && !heldAfter.has(r.date));
      if (lost.length === 0) return;
      if (!confirmed) throw conflict(swapDayMessage(lost), CONFIRM_SWAP_CHANGE);
      for (const r of lost) {
        await clearOfferChoice(tx, r.id);
        await saveRequest(tx, r.id, { status: "pending", ...clearedAgreements });
        await insertSwapMessage(tx, r.id, userId, offDayChangedNote(r.date));
        await swapUpdated(tx, r.id, [r.requesterId, userId]);
      }
    },
  };
}

/** Sent as the responder, so the requester sees it as unread. */
export const offDayChangedNote = (day: string) =>
  `The responder's Available Off Day on ${longDay(day)} was changed, so both agreements were cleared. The swap can go ahead once that day is an Available Off Day again.`;
