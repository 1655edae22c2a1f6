import { and, asc, eq, inArray, ne, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../db/open";
import { type ShiftRow, shifts, swapRequestOffers, swapRequests } from "../db/schema";

type ShiftChanges = Partial<typeof shifts.$inferInsert>;

export async function updateShift(tx: Tx, id: number, changes: ShiftChanges) {
  await tx.update(shifts).set(changes).where(eq(shifts.id, id));
}

export async function deleteShifts(tx: Tx, ids: number[]) {
  if (ids.length > 0) await tx.delete(shifts).where(inArray(shifts.id, ids));
}

const open = inArray(swapRequests.status, ["pending", "accepted"]);

/**
 * Other open requests a completed swap makes impossible: for a moved or replaced shift, or counting
 * on a day the swap made a working day (the responder's on day D, the requester's on the return day).
 */
export async function requestsBrokenBySwap(
  tx: Tx,
  swap: { id: number; requesterId: number; responderId: number },
  shift: ShiftRow,
  offer: ShiftRow | null,
  moved: number[],
) {
  const s = alias(shifts, "s");
  const takenDays = [and(eq(swapRequests.responderId, swap.responderId), eq(s.date, shift.date))];
  if (offer) takenDays.push(and(eq(swapRequests.responderId, swap.requesterId), eq(s.date, offer.date)));
  return tx
    .select({ id: swapRequests.id, shiftId: swapRequests.requesterShiftId })
    .from(swapRequests)
    .innerJoin(s, eq(s.id, swapRequests.requesterShiftId))
    .where(and(open, ne(swapRequests.id, swap.id), or(inArray(swapRequests.requesterShiftId, moved), ...takenDays)));
}

/** Other open requests that offer the shift. */
export async function openRequestsOffering(tx: Tx, shiftId: number, exceptId: number) {
  const rows = await tx
    .select({ id: swapRequestOffers.swapRequestId })
    .from(swapRequestOffers)
    .innerJoin(swapRequests, eq(swapRequests.id, swapRequestOffers.swapRequestId))
    .where(and(eq(swapRequestOffers.shiftId, shiftId), ne(swapRequests.id, exceptId), open));
  return rows.map((r) => r.id);
}

/** The requests still open among the ids, locked in id order. */
export function lockOpenRequests(tx: Tx, ids: number[]) {
  return tx
    .select()
    .from(swapRequests)
    .where(and(inArray(swapRequests.id, ids), open))
    .orderBy(asc(swapRequests.id))
    .for("update");
}

/** A rest day for the user on the date, offered for swaps (an Available Off Day) or not. */
export async function insertRestDay(tx: Tx, userId: number, date: string, interest: boolean) {
  await tx.insert(shifts).values({ userId, date, shiftType: "rest_day", restDayShiftInterest: interest });
}
