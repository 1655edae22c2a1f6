import { CANCELLED_CHAT_NOTICE } from "../../common/message-rules";
import type { Conversation, Message, SendMessageInput } from "../../common/messages";
import { partiesOf } from "../../common/swap-rules";
import type { Db, Tx } from "../db/open";
import type { MessageRow, UserRow } from "../db/schema";
import { transact } from "../db/transact";
import { conflict, forbidden, notFound } from "../errors";
import { notifyUsers } from "../events/publish";
import { markNotificationsRead, recordNotification } from "../notifications/record";
import {
  type ConversationRow,
  conversationRows,
  insertMessageOfParty,
  messageOfParty,
  messagesOfParty,
  requestOfParty,
  setConversationRead,
  setMessageRead,
  setReadThrough,
  unreadCountOf,
} from "./queries";

const NOT_FOUND = "Conversation not found";

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    swapRequestId: row.swapRequestId,
    senderId: row.senderId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    isRead: row.isRead,
  };
}

/** The request if the user is one of its two parties; anyone else gets 404, as if it did not exist. */
async function requestForParty(db: Db, userId: number, swapRequestId: number) {
  const row = await requestOfParty(db, userId, swapRequestId);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Every message of one conversation, oldest first. */
export async function listMessages(db: Db, user: UserRow, swapRequestId: number): Promise<Message[]> {
  const rows = await messagesOfParty(db, user.id, swapRequestId);
  if (!rows) throw notFound(NOT_FOUND);
  return rows.map(toMessage);
}

/**
 * Adds a message from one party; both parties hear of it once it commits. A cancellation committed
 * at the same moment is either seen (409) or waits for the message.
 */
export async function sendMessage(db: Db, user: UserRow, input: SendMessageInput): Promise<Message> {
  // The notification and the event are in the message's own transaction: all commit, or none.
  // Retried on a deadlock: a responder's first answer upgrades the request's share lock to mark it.
  const row = await transact(db, async (tx) => {
    const added = await insertMessageOfParty(tx, user.id, input.swapRequestId, input.content);
    if (added) {
      await recordNotification(tx, {
        kind: "message",
        swapRequestId: added.swapRequestId,
        actorId: user.id,
        messageId: added.id,
      });
      const parties = added.partyIds ?? partiesOf({ requesterId: added.requesterId, responderId: added.responderId });
      await notifyUsers(tx, parties, { type: "NEW_MESSAGE", payload: { swapRequestId: added.swapRequestId } });
    }
    return added;
  });
  if (!row) {
    const request = await requestForParty(db, user.id, input.swapRequestId);
    if (request.status === "cancelled") throw conflict(CANCELLED_CHAT_NOTICE);
    throw conflict("The message could not be sent. Please try again.");
  }
  return {
    id: row.id,
    swapRequestId: row.swapRequestId,
    senderId: row.senderId,
    content: row.content,
    createdAt: new Date(row.createdAt).toISOString(),
    isRead: row.isRead,
  };
}

/** Marks one message read. Only its recipient may: the sender gets 403, anyone else 404. */
export async function markMessageRead(db: Db, user: UserRow, messageId: number): Promise<Message> {
  const found = await messageOfParty(db, user.id, messageId);
  if (!found) throw notFound("Message not found");
  if (found.senderId === user.id) throw forbidden("Only the recipient can mark a message as read");
  if (found.isRead) return toMessage(found);
  const updated = await db.transaction(async (tx) => {
    const marked = await setMessageRead(tx, messageId);
    // In a three-way request this reader's own mark moves too (decision 038); a no-op for pairs.
    await setReadThrough(tx, user.id, found.swapRequestId, messageId);
    await markNotificationsRead(tx, user.id, found.swapRequestId);
    await tellReadTo(tx, [found.senderId, user.id], found.swapRequestId);
    return marked;
  });
  return toMessage(updated ?? { ...found, isRead: true });
}

/** Marks every message from the other party in one conversation read (DESIGN §5.13). */
export async function markConversationRead(db: Db, user: UserRow, swapRequestId: number): Promise<{ updated: number }> {
  const request = await requestForParty(db, user.id, swapRequestId);
  const updated = await db.transaction(async (tx) => {
    const marked = await setConversationRead(tx, user.id, swapRequestId);
    if (request.threeWay) await setReadThrough(tx, user.id, swapRequestId);
    await markNotificationsRead(tx, user.id, swapRequestId);
    if (marked > 0 || request.threeWay) await tellReadTo(tx, request.partyIds ?? partiesOf(request), swapRequestId);
    return marked;
  });
  return { updated };
}

/**
 * Once the read marks commit, the sender's open conversation turns its ticks to 'Read' and the
 * reader's other tabs drop their unread count. Only the two parties hear of it.
 */
function tellReadTo(tx: Tx, userIds: number[], swapRequestId: number) {
  return notifyUsers(tx, userIds, { type: "MESSAGES_READ", payload: { swapRequestId } });
}

/** Messages in the user's requests, sent by the other party, not yet read. */
export function unreadCount(db: Db, user: UserRow): Promise<number> {
  return unreadCountOf(db, user.id);
}

const iso = (v: Date | string) => new Date(v).toISOString();

function toConversation(userId: number, r: ConversationRow): Conversation {
  const otherId = r.requesterId === userId ? r.responderId : r.requesterId;
  return {
    swapRequestId: r.id,
    status: r.status,
    grsSubmitted: r.grsSubmitted,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    youRequested: r.requesterId === userId,
    requester:
      r.requesterFirst === null
        ? null
        : { id: r.requesterId, firstName: r.requesterFirst, lastName: r.requesterLast ?? "", hub: r.requesterHub },
    otherParty:
      r.otherId === null
        ? null
        : { id: r.otherId, firstName: r.otherFirst ?? "", lastName: r.otherLast ?? "", hub: r.otherHub },
    awaitingResponder: otherId === null,
    shift: {
      id: r.shiftId,
      date: r.shiftDate,
      shiftType: r.shiftType,
      startTime: r.startTime,
      endTime: r.endTime,
    },
    hub: r.requesterHub,
    lastMessage:
      r.lastAt === null || r.lastSender === null
        ? null
        : { content: r.lastContent ?? "", createdAt: iso(r.lastAt), senderId: r.lastSender },
    unreadCount: r.unread,
    lastActivityAt: iso(r.activityAt),
    ...(r.participants ? { participants: r.participants } : {}),
  };
}

export async function listConversations(db: Db, user: UserRow): Promise<Conversation[]> {
  const rows = await conversationRows(db, user.id);
  return rows.map((row) => toConversation(user.id, row));
}

export async function getConversation(db: Db, user: UserRow, swapRequestId: number): Promise<Conversation> {
  const [row] = await conversationRows(db, user.id, swapRequestId);
  if (!row) throw notFound(NOT_FOUND);
  return toConversation(user.id, row);
}
