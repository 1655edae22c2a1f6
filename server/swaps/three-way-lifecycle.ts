import { londonDate } from "../../common/dates";
import { fullName } from "../../common/names";
import {
  decideThreeWay,
  takenFrom,
  threeWayDeclinedMessage,
  UNACKNOWLEDGED_WARNINGS_MESSAGE,
} from "../../common/swap-rules";
import type { SwapRequest } from "../../common/swaps";
import type { WtrLimits } from "../../common/working-time-types";
import type { Db, Tx } from "../db/open";
import type { ShiftRow, SwapRequestPartyRow, UserRow } from "../db/schema";
import { LockPlanChanged, transact } from "../db/transact";
import { AppError, conflictWith, notFound } from "../errors";
import { recordNotification } from "../notifications/record";
import { completeThreeWay, verifyThreeWay } from "./complete-three-way";
import type { CoverAlertOptions } from "./cover-alerts";
import { hydrateOne } from "./detail-queries";
import { clearedAgreements, SWAP_NOT_FOUND, swapUpdated } from "./kernel";
import { insertSwapMessage, requestById, saveRequest } from "./queries";
import { completedSchedule } from "./send-reminders";
import { lockDays, lockParties, lockShifts, shiftsByIds } from "./shift-queries";
import { warningsFor } from "./swap-warnings";
import { clearPartyAgreements, lockPartyRows, partyRowsOf, setPartyAgreement } from "./three-way-party-queries";

type Plan = { userIds: number[]; shiftIds: number[]; days: { userId: number; date: string }[] };

/** What a three-way agreement may touch: the three parties, the three shifts, and each giver's and taker's day. */
function planOf(parties: SwapRequestPartyRow[], shifts: { id: number; date: string }[]): Plan {
  const days: Plan["days"] = [];
  parties.forEach((p, i) => {
    const date = shifts.find((s) => s.id === p.givesShiftId)?.date;
    const taker = parties[(i + 1) % parties.length];
    if (date) days.push({ userId: p.userId, date }, { userId: taker.userId, date });
  });
  return { userIds: parties.map((p) => p.userId), shiftIds: parties.map((p) => p.givesShiftId), days };
}

const samePlan = (a: Plan, b: Plan) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Takes the locks of a three-way request in the one global order every swap uses (parties by user id,
 * shifts by id, day rows by id, then the request and its party rows), planned from an unlocked read;
 * if the plan no longer matches under the locks, the attempt retries. 404 for anyone not a party.
 */
async function lockThreeWay(tx: Tx, userId: number, id: number) {
  const seenParties = await partyRowsOf(tx, id);
  if (!seenParties.some((p) => p.userId === userId)) throw notFound(SWAP_NOT_FOUND);
  const planned = planOf(
    seenParties,
    await shiftsByIds(
      tx,
      seenParties.map((p) => p.givesShiftId),
    ),
  );
  await lockParties(tx, planned.userIds);
  const shifts: ShiftRow[] = await lockShifts(tx, planned.shiftIds);
  const dayRows = await lockDays(tx, planned.days);
  const r = await requestById(tx, id, true);
  if (!r) throw notFound(SWAP_NOT_FOUND);
  const parties = await lockPartyRows(tx, id);
  if (!samePlan(planned, planOf(parties, shifts))) throw new LockPlanChanged();
  const mine = parties.findIndex((p) => p.userId === userId);
  const othersAgreed = parties.filter((p) => p.userId !== userId && p.agreedAt !== null).length;
  return { r, parties, shifts, dayRows, mine, othersAgreed };
}

function decided(action: "agree" | "unagree" | "reject", state: Parameters<typeof decideThreeWay>[1]) {
  const d = decideThreeWay(action, state);
  if (!d.ok) throw new AppError(d.status, d.message);
  return d;
}

export type ThreeWayAgreeOptions = {
  acknowledgeWarnings: boolean;
  limits: WtrLimits | null;
  /** Completing moves days off and on: colleagues who could now cover hear of it. */
  cover: CoverAlertOptions;
  /** The clock's now: the GRS reminders of a completed swap are timed from it. */
  now: Date;
};

/**
 * A party agrees on their own side (DESIGN §5.23); the third agreement completes the swap in the same
 * transaction, exactly once, or answers 409 with what changed. Warnings on the party's side need
 * `acknowledgeWarnings`, as for a pairwise swap.
 */
export async function agreeThreeWay(
  db: Db,
  me: UserRow,
  id: number,
  options: ThreeWayAgreeOptions,
): Promise<SwapRequest> {
  return transact(db, async (tx) => {
    const { r, parties, shifts, dayRows, mine, othersAgreed } = await lockThreeWay(tx, me.id, id);
    const d = decided("agree", { status: r.status, mine: parties[mine].agreedAt !== null, othersAgreed });
    const legs = await verifyThreeWay(tx, parties, shifts, dayRows, londonDate(options.now));
    if (!options.acknowledgeWarnings) {
      const gives = legs[mine].shift;
      const takes = legs[takenFrom(mine)].shift;
      const request = { requesterId: me.id, responderId: null, shift: gives, chosen: takes, offers: [] };
      const found = await warningsFor(tx, options.limits, request, "requester");
      // Under the party's role, as the swap lists show them (swap-warnings.ts).
      const party = mine === 0 ? "requester" : "responder";
      const warnings = found.map((w) => ({ ...w, party }));
      if (warnings.length > 0) throw conflictWith(UNACKNOWLEDGED_WARNINGS_MESSAGE, { warnings });
    }
    const { now } = options;
    await setPartyAgreement(tx, r.id, me.id, now);
    // This request's event first, then those of the requests the swap closed (as they happened).
    await swapUpdated(
      tx,
      r.id,
      parties.map((p) => p.userId),
    );
    if (d.completes) await completeThreeWay(tx, r, legs, options.cover);
    const updated = await saveRequest(tx, r.id, {
      status: d.next === "deleted" ? r.status : d.next.status,
      ...(d.completes ? completedSchedule(options.now) : {}),
    });
    await recordNotification(tx, {
      kind: d.completes ? "completed" : "party_agreed",
      swapRequestId: r.id,
      actorId: me.id,
    });
    return hydrateOne(tx, updated);
  });
}

/** A party withdraws their own agreement before the last one. */
export async function unagreeThreeWay(db: Db, me: UserRow, id: number): Promise<SwapRequest> {
  return transact(db, async (tx) => {
    const { r, parties, mine, othersAgreed } = await lockThreeWay(tx, me.id, id);
    const d = decided("unagree", { status: r.status, mine: parties[mine].agreedAt !== null, othersAgreed });
    await setPartyAgreement(tx, r.id, me.id, null);
    const updated = await saveRequest(tx, r.id, { status: d.next === "deleted" ? r.status : d.next.status });
    await recordNotification(tx, { kind: "party_withdrew", swapRequestId: r.id, actorId: me.id });
    await swapUpdated(
      tx,
      r.id,
      parties.map((p) => p.userId),
    );
    return hydrateOne(tx, updated);
  });
}

/** Any party declines: the proposal ends for all three, with a note in their conversation. */
export async function rejectThreeWay(db: Db, me: UserRow, id: number): Promise<SwapRequest> {
  return transact(db, async (tx) => {
    const { r, parties, mine, othersAgreed } = await lockThreeWay(tx, me.id, id);
    decided("reject", { status: r.status, mine: parties[mine].agreedAt !== null, othersAgreed });
    await clearPartyAgreements(tx, r.id);
    const updated = await saveRequest(tx, r.id, { status: "declined", ...clearedAgreements });
    await insertSwapMessage(tx, r.id, me.id, threeWayDeclinedMessage(fullName(me)));
    await recordNotification(tx, { kind: "declined", swapRequestId: r.id, actorId: me.id });
    await swapUpdated(
      tx,
      r.id,
      parties.map((p) => p.userId),
    );
    return hydrateOne(tx, updated);
  });
}
