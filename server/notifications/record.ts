import type { ShiftType } from "../../common/enums";
import { coveredShiftType, takenFrom } from "../../common/swap-rules";
import type { Db, Tx } from "../db/open";
import { DIGEST_KINDS, type EventContext, type NotificationEvent, pushText } from "./events";
import {
  type ContextRow,
  eventContexts,
  insertOutbox,
  markOutboxRead,
  type OutboxInsert,
  type PartySide,
} from "./outbox-queries";

/**
 * Records who must hear about a change, inside the change's own transaction: the rows commit or
 * roll back with it, and the push worker and the email digest send them after commit.
 * Recipients are the request's parties other than the actor.
 */
export function recordNotification(tx: Tx, event: NotificationEvent): Promise<void> {
  return recordNotifications(tx, [event]);
}

/** Several events of one change (a swap that cancels others), in two statements whatever their number. */
export async function recordNotifications(tx: Tx, events: NotificationEvent[]): Promise<void> {
  const contexts = await eventContexts(tx, events);
  const rows: OutboxInsert[] = [];
  // The contexts come back in the events' order, without those whose request or actor is gone.
  let at = 0;
  for (const event of events) {
    const row = contexts[at];
    if (!row || row.swapRequestId !== event.swapRequestId || row.actorId !== event.actorId) continue;
    at += 1;
    rows.push(...outboxRows(event, row));
  }
  await insertOutbox(tx, rows);
}

function outboxRows(event: NotificationEvent, row: ContextRow): OutboxInsert[] {
  // A request closed by its shift starting was closed by nobody: every party hears of it. A
  // three-way swap's GRS reminder is one event for the three, each reading their own change.
  const toAll =
    (event.kind === "cancelled" && event.because === "shift_started") ||
    (event.kind === "reminder_grs" && row.threeWay !== null);
  // A three-way request's parties are all three (DESIGN §5.23).
  const parties = row.threeWay ? row.threeWay.map((p) => p.userId) : [row.requesterId, row.responderId];
  const recipients = parties.filter((id): id is number => id !== null && (toAll || id !== event.actorId));
  const actorName = `${row.actorFirst} ${row.actorLast}`.trim();
  const shared: EventContext = { actorName, date: String(row.shiftDate), shiftType: row.shiftType };
  const because = event.kind === "cancelled" ? event.because : undefined;
  return recipients.map((userId) => {
    const context = row.threeWay ? threeWayContext(actorName, row.threeWay, userId) : shared;
    const { title, body } = pushText(event.kind, context, because);
    return {
      userId,
      kind: event.kind,
      swapRequestId: event.swapRequestId,
      messageId: event.kind === "message" ? event.messageId : null,
      title,
      body,
      url: `/messages/${event.swapRequestId}`,
      // One tag per request: a burst about one swap collapses into one notification.
      tag: `swap-${event.swapRequestId}`,
      context,
      emailState: DIGEST_KINDS.has(event.kind) ? "pending" : "none",
    };
  });
}

/**
 * A three-way party's own context: the shift they give (as its taker works it) and who works it,
 * the shift they would work and whose it is; each takes the previous party's shift.
 */
function threeWayContext(actorName: string, sides: PartySide[], userId: number): EventContext {
  const at = sides.findIndex((p) => p.userId === userId);
  const [gives, from, to] = [sides[at], sides[takenFrom(at, sides.length)], sides[(at + 1) % sides.length]];
  const asWorked = (s: PartySide) => ({ date: s.date, shiftType: workedType(s) });
  return {
    actorName,
    ...asWorked(gives),
    threeWay: { takes: { ...asWorked(from), from: from.name }, gives: { ...asWorked(gives), to: to.name } },
  };
}

/** A Seeking Coverage entry is named by the shift it is (day or night), as the one who works it sees it. */
const workedType = (s: PartySide): ShiftType =>
  s.shiftType === "seeking_coverage" ? coveredShiftType(s) : s.shiftType;

/** The recipient opened the conversation: what it told them about is read (no late push, no mail). */
export function markNotificationsRead(db: Tx | Db, userId: number, swapRequestId: number): Promise<void> {
  return markOutboxRead(db, userId, swapRequestId);
}
