import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import type { SwapStatus } from "../../common/enums";
import { CANCELLED_CHAT_NOTICE, type Conversation, type Message, type SendMessageInput } from "../../common/messages";
import type { Db } from "../db/open";
import { type MessageRow, messages, swapRequests, type UserRow } from "../db/schema";
import { conflict, forbidden, notFound } from "../errors";

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

const isParty = (userId: number) => or(eq(swapRequests.requesterId, userId), eq(swapRequests.responderId, userId));

/** The request if the user is one of its two parties; anyone else gets 404, as if it did not exist. */
async function requestForParty(db: Db, userId: number, swapRequestId: number) {
  const [row] = await db
    .select({
      id: swapRequests.id,
      status: swapRequests.status,
      requesterId: swapRequests.requesterId,
      responderId: swapRequests.responderId,
    })
    .from(swapRequests)
    .where(and(eq(swapRequests.id, swapRequestId), isParty(userId)))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export const partiesOf = (r: { requesterId: number; responderId: number | null }) =>
  r.responderId === null ? [r.requesterId] : [r.requesterId, r.responderId];

/** Every message of one conversation, oldest first. */
export async function listMessages(db: Db, user: UserRow, swapRequestId: number): Promise<Message[]> {
  await requestForParty(db, user.id, swapRequestId);
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.swapRequestId, swapRequestId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map(toMessage);
}

type InsertedRow = {
  id: number;
  swap_request_id: number;
  sender_id: number;
  content: string;
  created_at: Date | string;
  is_read: boolean;
  requester_id: number;
  responder_id: number | null;
};

/**
 * Adds a message from one party. The request row is share-locked while the message goes in,
 * so a cancellation committed at the same moment is either seen (409) or waits for the message.
 */
export async function sendMessage(
  db: Db,
  user: UserRow,
  input: SendMessageInput,
): Promise<{ message: Message; parties: number[] }> {
  const result = await db.execute<InsertedRow>(sql`
    with target as (
      select id, requester_id, responder_id
      from swap_requests
      where id = ${input.swapRequestId}
        and status <> 'cancelled'
        and (requester_id = ${user.id} or responder_id = ${user.id})
      for share
    ), inserted as (
      insert into messages (swap_request_id, sender_id, content, is_read)
      select id, ${user.id}, ${input.content}, false from target
      returning id, swap_request_id, sender_id, content, created_at, is_read
    )
    select inserted.*, target.requester_id, target.responder_id
    from inserted join target on target.id = inserted.swap_request_id
  `);
  const row = result.rows[0];
  if (!row) {
    const request = await requestForParty(db, user.id, input.swapRequestId);
    if (request.status === "cancelled") throw conflict(CANCELLED_CHAT_NOTICE);
    throw conflict("The message could not be sent. Please try again.");
  }
  return {
    message: {
      id: row.id,
      swapRequestId: row.swap_request_id,
      senderId: row.sender_id,
      content: row.content,
      createdAt: new Date(row.created_at).toISOString(),
      isRead: row.is_read,
    },
    parties: partiesOf({ requesterId: row.requester_id, responderId: row.responder_id }),
  };
}

/** Marks one message read. Only its recipient may: the sender gets 403, anyone else 404. */
export async function markMessageRead(db: Db, user: UserRow, messageId: number): Promise<Message> {
  const [found] = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(swapRequests, eq(swapRequests.id, messages.swapRequestId))
    .where(and(eq(messages.id, messageId), isParty(user.id)))
    .limit(1);
  if (!found) throw notFound("Message not found");
  if (found.message.senderId === user.id) throw forbidden("Only the recipient can mark a message as read");
  if (found.message.isRead) return toMessage(found.message);
  const [updated] = await db.update(messages).set({ isRead: true }).where(eq(messages.id, messageId)).returning();
  return toMessage(updated ?? { ...found.message, isRead: true });
}

/** Marks every message from the other party in one conversation read (DESIGN §5.13). */
export async function markConversationRead(db: Db, user: UserRow, swapRequestId: number): Promise<{ updated: number }> {
  await requestForParty(db, user.id, swapRequestId);
  const rows = await db
    .update(messages)
    .set({ isRead: true })
    .where(and(eq(messages.swapRequestId, swapRequestId), ne(messages.senderId, user.id), eq(messages.isRead, false)))
    .returning({ id: messages.id });
  return { updated: rows.length };
}

/** Messages in the user's requests, sent by the other party, not yet read. */
export async function unreadCount(db: Db, user: UserRow): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n
    from swap_requests r
    join messages m on m.swap_request_id = r.id
    where (r.requester_id = ${user.id} or r.responder_id = ${user.id})
      and m.sender_id <> ${user.id}
      and not m.is_read
  `);
  return result.rows[0]?.n ?? 0;
}

type ConversationRow = {
  id: number;
  status: SwapStatus;
  created_at: Date | string;
  updated_at: Date | string;
  requester_id: number;
  responder_id: number | null;
  shift_id: number;
  shift_date: string;
  shift_type: Conversation["shift"]["shiftType"];
  start_time: string | null;
  end_time: string | null;
  requester_first: string | null;
  requester_last: string | null;
  requester_hub: string | null;
  other_id: number | null;
  other_first: string | null;
  other_last: string | null;
  other_hub: string | null;
  last_content: string | null;
  last_at: Date | string | null;
  last_sender: number | null;
  unread: number;
  activity_at: Date | string;
};

const iso = (v: Date | string) => new Date(v).toISOString();

function toConversation(userId: number, r: ConversationRow): Conversation {
  const otherId = r.requester_id === userId ? r.responder_id : r.requester_id;
  return {
    swapRequestId: r.id,
    status: r.status,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    youRequested: r.requester_id === userId,
    requester:
      r.requester_first === null
        ? null
        : { id: r.requester_id, firstName: r.requester_first, lastName: r.requester_last ?? "", hub: r.requester_hub },
    otherParty:
      r.other_id === null
        ? null
        : { id: r.other_id, firstName: r.other_first ?? "", lastName: r.other_last ?? "", hub: r.other_hub },
    awaitingResponder: otherId === null,
    shift: {
      id: r.shift_id,
      date: r.shift_date,
      shiftType: r.shift_type,
      startTime: r.start_time,
      endTime: r.end_time,
    },
    hub: r.requester_hub,
    lastMessage:
      r.last_at === null || r.last_sender === null
        ? null
        : { content: r.last_content ?? "", createdAt: iso(r.last_at), senderId: r.last_sender },
    unreadCount: r.unread,
    lastActivityAt: iso(r.activity_at),
  };
}

/** The user's conversations (one per swap request they are party to), in one query. */
async function queryConversations(db: Db, userId: number, onlyRequestId?: number): Promise<Conversation[]> {
  const result = await db.execute<ConversationRow>(sql`
    select
      r.id, r.status, r.created_at, r.updated_at, r.requester_id, r.responder_id,
      s.id as shift_id, s.date as shift_date, s.shift_type, s.start_time, s.end_time,
      rq.first_name as requester_first, rq.last_name as requester_last, rq.hub as requester_hub,
      o.id as other_id, o.first_name as other_first, o.last_name as other_last, o.hub as other_hub,
      lm.content as last_content, lm.created_at as last_at, lm.sender_id as last_sender,
      coalesce(uc.n, 0)::int as unread,
      greatest(r.created_at, r.updated_at, lm.created_at) as activity_at
    from swap_requests r
    join shifts s on s.id = r.requester_shift_id
    left join users rq on rq.id = r.requester_id
    left join users o on o.id = case when r.requester_id = ${userId} then r.responder_id else r.requester_id end
    left join lateral (
      select m.content, m.created_at, m.sender_id
      from messages m
      where m.swap_request_id = r.id
      order by m.created_at desc, m.id desc
      limit 1
    ) lm on true
    left join lateral (
      select count(*) as n
      from messages m
      where m.swap_request_id = r.id and m.sender_id <> ${userId} and not m.is_read
    ) uc on true
    where (r.requester_id = ${userId} or r.responder_id = ${userId})
      ${onlyRequestId === undefined ? sql`` : sql`and r.id = ${onlyRequestId}`}
    order by activity_at desc, r.id desc
  `);
  return result.rows.map((row) => toConversation(userId, row));
}

export function listConversations(db: Db, user: UserRow): Promise<Conversation[]> {
  return queryConversations(db, user.id);
}

export async function getConversation(db: Db, user: UserRow, swapRequestId: number): Promise<Conversation> {
  const [conversation] = await queryConversations(db, user.id, swapRequestId);
  if (!conversation) throw notFound(NOT_FOUND);
  return conversation;
}
