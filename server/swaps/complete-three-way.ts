import { longDay } from "../../common/dates";
import {
  DAY_TAKEN_MESSAGE,
  OFFER_GONE_MESSAGE,
  returnShiftOf,
  SHIFT_SWAPPED_MESSAGE,
  sameGrade,
  takenFrom,
} from "../../common/swap-rules";
import { syncAvailability } from "../db/availability-index";
import type { Tx } from "../db/open";
import type { ShiftRow, SwapRequestPartyRow, SwapRequestRow, UserRow } from "../db/schema";
import { conflict } from "../errors";
import type { NotificationEvent } from "../notifications/events";
import { recordNotifications } from "../notifications/record";
import { deleteShifts, insertRestDay, lockOpenRequests, openRequestsOffering, updateShift } from "./completion-queries";
import { alertOffDays, type CoverAlertOptions } from "./cover-alerts";
import { cancelWithNote, dropOfferWithNote, partyIdsOfRow, swapUpdated } from "./kernel";
import { userById } from "./queries";
import { isBusy } from "./shift-queries";
import { requestsBrokenByThreeWay } from "./three-way-completion-queries";

/** One shift changing hands: its giver, its taker (who works it on their off day) and both their rows that day. */
export type Leg = { giver: UserRow; taker: UserRow; shift: ShiftRow; giverDay: ShiftRow[]; takerDay: ShiftRow[] };

const givable = ["day", "night", "seeking_coverage"];
const CANNOT = "so this swap cannot go ahead";

/**
 * Re-checks, under the row locks, everything the three-way swap relies on (DESIGN §5.23): each party
 * still has the shift they give, future and unprotected, the three share a grade, and each taker still
 * has the Available Off Day on the date of the shift they take. Any change is a 409 naming it.
 */
export async function verifyThreeWay(
  tx: Tx,
  parties: SwapRequestPartyRow[],
  shifts: ShiftRow[],
  dayRows: ShiftRow[],
  today: string,
): Promise<Leg[]> {
  if (parties.length !== 3) throw conflict(`One of the three shifts is no longer in its owner's calendar, ${CANNOT}`);
  // One after another: a transaction's client runs one query at a time (pg 9 refuses a second).
  const users: UserRow[] = [];
  for (const p of parties) users.push((await userById(tx, p.userId)) as UserRow);
  if (!users.every((u) => sameGrade(u, users[0]))) {
    throw conflict(`Swaps are only between clinicians of the same clinical grade, ${CANNOT}`);
  }
  return parties.map((p, i) => {
    const giver = users[i];
    const taker = users[(i + 1) % 3];
    const shift = shifts.find((s) => s.id === p.givesShiftId);
    if (!shift || shift.userId !== giver.id) {
      throw conflict(`The shift is no longer in ${giver.firstName}'s calendar, ${CANNOT}`);
    }
    if (shift.isProtected) throw conflict(`${giver.firstName}'s shift is now protected, ${CANNOT}`);
    if (!givable.includes(shift.shiftType)) {
      throw conflict(`${giver.firstName}'s shift is no longer a shift to cover, ${CANNOT}`);
    }
    if (shift.date <= today) throw conflict(`The date of ${giver.firstName}'s shift has passed, ${CANNOT}`);
    const on = (u: UserRow) => dayRows.filter((s) => s.userId === u.id && s.date === shift.date);
    const takerDay = on(taker);
    if (isBusy(takerDay) || !takerDay.some((s) => s.shiftType === "rest_day" && s.restDayShiftInterest)) {
      throw conflict(`${taker.firstName} no longer has an Available Off Day on ${longDay(shift.date)}`);
    }
    return { giver, taker, shift, giverDay: on(giver), takerDay };
  });
}

/**
 * Moves one shift from its giver to its taker as a pairwise completion does (complete-swap.ts): a day
 * or night shift changes owner and the taker's off day becomes the giver's rest day; a seeking-coverage
 * entry becomes the taker's day or night shift and the giver's own work that day becomes a rest day.
 * Returns the ids of the giver's shifts replaced by the rest day.
 */
async function moveLeg(tx: Tx, leg: Leg): Promise<number[]> {
  const { giver, taker, shift } = leg;
  const takerRests = leg.takerDay.filter((s) => s.shiftType === "rest_day");
  if (shift.shiftType !== "seeking_coverage") {
    await updateShift(tx, shift.id, { userId: taker.id, notes: null, restDayShiftInterest: false });
    const [kept, ...others] = takerRests;
    await updateShift(tx, kept.id, {
      userId: giver.id,
      restDayShiftInterest: false,
      isProtected: false,
      notes: null,
      location: null,
    });
    await deleteShifts(
      tx,
      others.map((s) => s.id),
    );
    return [];
  }
  const worked = returnShiftOf(shift);
  await updateShift(tx, shift.id, {
    userId: taker.id,
    ...worked,
    restDayShiftInterest: false,
    isProtected: false,
    notes: null,
  });
  const work = leg.giverDay.filter((s) => s.id !== shift.id && (s.shiftType === "day" || s.shiftType === "night"));
  const [first, ...rest] = work;
  if (first) {
    const rested = { shiftType: "rest_day", startTime: null, endTime: null, restDayShiftInterest: false } as const;
    await updateShift(tx, first.id, { ...rested, isProtected: false, notes: null });
  } else {
    await insertRestDay(tx, giver.id, shift.date, false);
  }
  await deleteShifts(
    tx,
    [...rest, ...takerRests].map((s) => s.id),
  );
  return work.map((w) => w.id);
}

/**
 * Completes a verified three-way swap in the caller's transaction: the three shifts move, the three
 * calendars' availability index follows (new Available Off Days go to cover alerts), and every
 * other open request the swap made impossible is cancelled with a note, as a pairwise swap does.
 */
export async function completeThreeWay(
  tx: Tx,
  r: SwapRequestRow,
  legs: Leg[],
  cover: CoverAlertOptions,
): Promise<void> {
  const replaced: number[] = [];
  for (const leg of legs) replaced.push(...(await moveLeg(tx, leg)));
  for (const [i, leg] of legs.entries()) {
    const taken = legs[takenFrom(i)].shift.date;
    const newlyFree = await syncAvailability(tx, leg.giver.id, [leg.shift.date, taken]);
    await alertOffDays(tx, cover, leg.giver.id, newlyFree);
  }
  const moved = [...legs.map((l) => l.shift.id), ...replaced];
  const taken = legs.map((l) => ({ userId: l.taker.id, date: l.shift.date }));
  await closeOthers(tx, r, legs, moved, taken);
}

async function closeOthers(
  tx: Tx,
  r: SwapRequestRow,
  legs: Leg[],
  moved: number[],
  taken: { userId: number; date: string }[],
) {
  const broken = await requestsBrokenByThreeWay(tx, r.id, moved, taken);
  const covered = legs.filter((l) => l.shift.shiftType === "seeking_coverage").map((l) => l.shift.id);
  const offering = new Map<number, number>();
  for (const shiftId of covered)
    for (const id of await openRequestsOffering(tx, shiftId, r.id)) offering.set(id, shiftId);
  const ids = [...new Set([...broken.map((b) => b.id), ...offering.keys()])].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const swapParties = legs.map((l) => l.giver.id);
  const cancellations: NotificationEvent[] = [];
  for (const other of await lockOpenRequests(tx, ids)) {
    const cancel = broken.find((b) => b.id === other.id);
    const parties = await partyIdsOfRow(tx, other);
    if (cancel) {
      await cancelWithNote(tx, other, cancel.because === "shift_swapped" ? SHIFT_SWAPPED_MESSAGE : DAY_TAKEN_MESSAGE);
      // Its parties hear of it, except one who is also a party of this swap and saw it happen.
      const actorId = parties.find((id) => swapParties.includes(id)) ?? r.requesterId;
      cancellations.push({ kind: "cancelled", swapRequestId: other.id, actorId, because: cancel.because });
    } else {
      await dropOfferWithNote(tx, other, offering.get(other.id) as number, OFFER_GONE_MESSAGE);
    }
    await swapUpdated(tx, other.id, parties);
  }
  await recordNotifications(tx, cancellations);
}
