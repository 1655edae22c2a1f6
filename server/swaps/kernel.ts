import { decide, roleOf, type SwapAction, type SwapRole, type SwapShift } from "../../common/swaps";
import type { Db, Tx } from "../db/open";
import type { ShiftRow, SwapRequestRow } from "../db/schema";
import { AppError, notFound } from "../errors";
import { publishToUsers } from "../realtime/publish";
import { requestById } from "./queries";

export const SWAP_NOT_FOUND = "Swap request not found";
export const SHIFT_NOT_FOUND = "Shift not found";

/** Thrown inside a transaction when what was locked no longer covers what the request needs. */
export class LockPlanChanged extends Error {}

function pgCode(e: unknown): string | undefined {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code ?? err?.cause?.code;
}

/**
 * Runs a transaction, retrying when PostgreSQL broke a deadlock or a serialisation conflict
 * (other features lock the same rows in their own order) or when the lock plan went stale.
 */
export async function transact<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (e) {
      const retryable = e instanceof LockPlanChanged || pgCode(e) === "40P01" || pgCode(e) === "40001";
      if (!retryable || attempt >= 6) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

/** Requests whose parties must hear of a change, once it is committed. */
export type Effects = { events: { swapRequestId: number; userIds: number[] }[] };

export async function publish(db: Db, effects: Effects) {
  for (const e of effects.events) {
    try {
      await publishToUsers(db, e.userIds, { type: "SWAP_UPDATED", payload: { swapRequestId: e.swapRequestId } });
    } catch {
      // The change is committed; clients also refetch on their own, so a lost event is not fatal.
    }
  }
}

function stateOf(r: SwapRequestRow) {
  return {
    status: r.status,
    requesterAgreed: r.requesterAgreed,
    responderAgreed: r.responderAgreed,
    hasResponder: r.responderId !== null,
  };
}

/** Applies the status machine; throws the refusal as the matching HTTP error. */
export function check(action: SwapAction, role: SwapRole, r: SwapRequestRow) {
  const d = decide(action, role, stateOf(r));
  if (!d.ok) throw new AppError(d.status, d.message);
  return d;
}

/** The request, locked, and the user's role in it; 404 if there is no such request. */
export async function lockForParty(tx: Tx, userId: number, id: number) {
  const r = await requestById(tx, id, true);
  if (!r) throw notFound(SWAP_NOT_FOUND);
  return { r, role: roleOf(r, userId) };
}

export const clearedAgreements = {
  requesterAgreed: false,
  responderAgreed: false,
  requesterAgreedAt: null,
  responderAgreedAt: null,
  acceptedOfferShiftId: null,
} as const;

export const toSwapShift = (s: ShiftRow): SwapShift => ({
  id: s.id,
  date: s.date,
  shiftType: s.shiftType,
  startTime: s.startTime,
  endTime: s.endTime,
});
