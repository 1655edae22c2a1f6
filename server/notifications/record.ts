import type { Db, Tx } from "../db/open";
import { DIGEST_KINDS, type EventContext, type NotificationEvent, pushText } from "./events";
import { eventContext, insertOutbox, markOutboxRead } from "./outbox-queries";

/**
 * Records who must hear about a change, inside the change's own transaction: the rows commit or
 * roll back with it, and the push worker and the email digest send them after commit.
 * Recipients are the request's parties other than the actor.
 */
export async function recordNotification(tx: Tx, event: NotificationEvent): Promise<void> {
  const row = await eventContext(tx, event.swapRequestId, event.actorId);
  if (!row) return;
  const recipients = [row.requester_id, row.responder_id].filter(
    (id): id is number => id !== null && id !== event.actorId,
  );
  if (recipients.length === 0) return;
  const context: EventContext = {
    actorName: `${row.actor_first} ${row.actor_last}`.trim(),
    date: String(row.shift_date),
    shiftType: row.shift_type,
  };
  const { title, body } = pushText(event.kind, context);
  await insertOutbox(
    tx,
    recipients.map((userId) => ({
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
    })),
  );
}

/** The recipient opened the conversation: what it told them about is read (no late push, no mail). */
export function markNotificationsRead(db: Tx | Db, userId: number, swapRequestId: number): Promise<void> {
  return markOutboxRead(db, userId, swapRequestId);
}
