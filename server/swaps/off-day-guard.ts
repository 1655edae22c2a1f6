import { longDay } from "../../common/dates";
import { fullName } from "../../common/names";
import { CONFIRM_SWAP_CHANGE } from "../../common/shift-rules";
import type { Tx } from "../db/open";
import { conflict } from "../errors";
import { clearedAgreements, swapUpdated } from "./kernel";
import { clearOfferChoice, insertSwapMessage, openRequestsAsResponderOn, saveRequest, userById } from "./queries";
import { isBusy, lockDays } from "./shift-queries";
import { clearPartyAgreements, openThreeWayTakingOn } from "./three-way-party-queries";

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

/** An open request resting on one of the user's days, with the names of its other parties. */
type Held = { id: number; date: string; names: string[]; threeWay: boolean };

export function swapDayMessage(requests: Held[]): string {
  const names = [...new Set(requests.flatMap((r) => r.names))];
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  const one = requests[0].threeWay ? "a three-way swap" : "a swap request";
  const what = requests.length === 1 ? one : "swap requests";
  const clears = requests.some((r) => r.threeWay) ? "their agreements" : "both agreements";
  return `This day belongs to ${what} with ${list}. Changing it clears ${clears} and tells them.`;
}

/**
 * The user's side of open requests: the Available Off Day each was made against, as the responder of
 * a pairwise request or as any of the three parties of a three-way request (each works another's
 * shift on their own off day). Call `before` ahead of a change to the user's calendar on these days
 * and `after` once it is applied (same transaction). A change that takes such a day away is refused
 * with 409 naming the others (field `confirmSwapChange`) unless confirmed; confirmed, each request's
 * agreements clear and the others get a note in the conversation; every party hears of it once the
 * transaction commits.
 */
export async function guardOffDays(tx: Tx, userId: number, days: string[]) {
  const unique = [...new Set(days)];
  const pairs = await openRequestsAsResponderOn(tx, userId, unique);
  const threeWays = await openThreeWayTakingOn(tx, userId, unique);
  const requests: (Held & { parties: number[] })[] = [
    ...pairs.map((r) => ({ ...r, names: [r.requesterName], threeWay: false, parties: [r.requesterId, userId] })),
    ...threeWays.map((r) => ({ id: r.id, date: r.date, names: r.others, threeWay: true, parties: r.parties })),
  ];
  const heldBefore = requests.length === 0 ? new Set<string>() : await daysThatHold(tx, userId, unique);
  return {
    async after(confirmed: boolean): Promise<void> {
      if (requests.length === 0) return;
      const heldAfter = await daysThatHold(tx, userId, unique);
      const lost = requests.filter((r) => heldBefore.has(r.date) && !heldAfter.has(r.date));
      if (lost.length === 0) return;
      if (!confirmed) throw conflict(swapDayMessage(lost), CONFIRM_SWAP_CHANGE);
      for (const r of lost) {
        if (r.threeWay) await clearPartyAgreements(tx, r.id);
        else await clearOfferChoice(tx, r.id);
        await saveRequest(tx, r.id, { status: "pending", ...clearedAgreements });
        const note = r.threeWay
          ? threeWayOffDayChangedNote(await nameOf(tx, userId), r.date)
          : offDayChangedNote(r.date);
        await insertSwapMessage(tx, r.id, userId, note);
        await swapUpdated(tx, r.id, r.parties);
      }
    },
  };
}

const nameOf = async (tx: Tx, userId: number) => {
  const user = await userById(tx, userId);
  return user ? fullName(user) : "A party";
};

/** Sent as the responder, so the requester sees it as unread. */
export const offDayChangedNote = (day: string) =>
  `The responder's Available Off Day on ${longDay(day)} was changed, so both agreements were cleared. The swap can go ahead once that day is an Available Off Day again.`;

/** Sent as the party whose day it was, so the other two see it as unread. */
export const threeWayOffDayChangedNote = (name: string, day: string) =>
  `${name}'s Available Off Day on ${longDay(day)} was changed, so all agreements were cleared. The three-way swap can go ahead once that day is an Available Off Day again.`;
