import type { Db, Tx } from "../db/open";
import { DIGEST_KINDS, type EventContext, type NotificationEvent, pushText } from "./events";
import { type ContextRow, eventContexts, insertOutbox, markOutboxRead, type OutboxInsert } from "./outbox-queries";

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
  // A request closed by its shift starting was closed by nobody: both parties hear of it.
  const byNobody = event.kind === "cancelled" && event.because === "shift_started";
  // A three-way request's parties are all three (DESIGN §5.23).
  const recipients = (row.parties ?? [row.requesterId, row.responderId]).filter(
    (id): id is number => id !== null && (byNobody || id !== event.actorId),
  );
  const context: EventContext = {
    actorName: `${row.actorFirst} ${row.actorLast}`.trim(),
    date: String(row.shiftDate),
    shiftType: row.shiftType,
  };
  const { title, body } = pushText(event.kind, context, event.kind === "cancelled" ? event.because : undefined);
  return recipients.map((userId) => ({
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
  }));
}

/** The recipient opened the conversation: what it told them about is read (no late push, no mail). */
export function markNotificationsRead(db: Tx | Db, userId: number, swapRequestId: number): Promise<void> {
  return markOutboxRead(db, userId, swapRequestId);
}
