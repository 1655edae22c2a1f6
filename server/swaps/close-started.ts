import { longDay } from "../../common/dates";
import { fullName } from "../../common/names";
import { shiftTypeLabels } from "../../common/shift-rules";
import { coveredShiftType, offerStartedMessage, partiesOf, SHIFT_STARTED_MESSAGE } from "../../common/swap-rules";
import type { Tx } from "../db/open";
import { recordNotifications } from "../notifications/record";
import { cancelWithNote, dropOfferWithNote, partyIdsOfRow, swapUpdated } from "./kernel";
import { lockStartedOffers, lockStartedRequests } from "./shift-start-queries";

/**
 * Closes open requests whose shift has started (DESIGN §5.22), a three-way request when the
 * earliest of its three does: each is cancelled with a system note and every party is told, as
 * another swap's cancellations are. Returns how many rows it took, so the caller repeats until a
 * batch comes back short.
 */
export async function closeStartedRequests(tx: Tx, now: Date, limit: number): Promise<number> {
  const due = await lockStartedRequests(tx, now, limit);
  for (const r of due) {
    await cancelWithNote(tx, r, SHIFT_STARTED_MESSAGE);
    await swapUpdated(tx, r.id, await partyIdsOfRow(tx, r));
  }
  await recordNotifications(
    tx,
    due.map((r) => ({ kind: "cancelled", swapRequestId: r.id, actorId: r.requesterId, because: "shift_started" })),
  );
  return due.length;
}

/** Drops from still-open requests each offered shift that has started, with a note in the chat. */
export async function dropStartedOffers(tx: Tx, now: Date, limit: number): Promise<number> {
  const due = await lockStartedOffers(tx, now, limit);
  for (const o of due) {
    const label = shiftTypeLabels[coveredShiftType(o)];
    const note = offerStartedMessage(fullName(o), label, longDay(o.date));
    await dropOfferWithNote(tx, o.request, o.shiftId, note);
    await swapUpdated(tx, o.request.id, partiesOf(o.request));
  }
  return due.length;
}
