import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import type { SwapStatus } from "../../common/enums";
import type { Conversation } from "../../common/messages";
import type { Db, Tx } from "../db/open";
import { messages, swapRequests } from "../db/schema";

const isParty = (userId: number) => or(eq(swapRequests.requesterId, userId), eq(swapRequests.responderId, userId));

/** The request if the user is one of its two parties. */
export async function requestOfParty(db: Db, userId: number, swapRequestId: number) {
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
  return row;
}

/** Every message of one conversation, oldest first. */
export function messagesOf(db: Db, swapRequestId: number) {
  return db
    .select()
    .from(messages)
    .where(eq(messages.swapRequestId, swapRequestId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export type InsertedRow = {
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
 * Adds a message from one party unless the request is cancelled. The request row is share-locked
 * while the message goes in, so a cancellation committed at the same moment is either seen or waits.
 */
export async function insertMessageOfParty(db: Db | Tx, userId: number, swapRequestId: number, content: string) {
  const result = await db.execute<InsertedRow>(sql`
    with target as (
      select id, requester_id, responder_id
      from swap_requests
      where id = ${swapRequestId}
        and status <> 'cancelled'
        and (requester_id = ${userId} or responder_id = ${userId})
      for share
    ), inserted as (
      insert into messages (swap_request_id, sender_id, content, is_read)
      select id, ${userId}, ${content}, false from target
      returning id, swap_request_id, sender_id, content, created_at, is_read
    )
    select inserted.*, target.requester_id, target.responder_id
    from inserted join target on target.id = inserted.swap_request_id
  `);
  return result.rows[0] as InsertedRow | undefined;
}

/** A message in one of the user's requests. */
export async function messageOfParty(db: Db, userId: number, messageId: number) {
  const [found] = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(swapRequests, eq(swapRequests.id, messages.swapRequestId))
    .where(and(eq(messages.id, messageId), isParty(userId)))
    .limit(1);
  return found?.message;
}

export async function setMessageRead(db: Db | Tx, messageId: number) {
  const [updated] = await db.update(messages).set({ isRead: true }).where(eq(messages.id, messageId)).returning();
  return updated;
}

/** Marks the other party's unread messages in one conversation read; returns how many. */
export async function setConversationRead(db: Db | Tx, userId: number, swapRequestId: number): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ isRead: true })
    .where(and(eq(messages.swapRequestId, swapRequestId), ne(messages.senderId, userId), eq(messages.isRead, false)))
    .returning({ id: messages.id });
  return rows.length;
}

/** Messages in the user's requests, sent by the other party, not yet read. */
export async function unreadCountOf(db: Db, userId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n
    from swap_requests r
    join messages m on m.swap_request_id = r.id
    where (r.requester_id = ${userId} or r.responder_id = ${userId})
      and m.sender_id <> ${userId}
      and not m.is_read
  `);
  return result.rows[0]?.n ?? 0;
}

export type ConversationRow = {
  id: number;
  status: SwapStatus;
  grs_submitted: boolean;
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

/** The user's conversations (one per swap request they are party to), in one query. */
export async function conversationRows(db: Db, userId: number, onlyRequestId?: number): Promise<ConversationRow[]> {
  const result = await db.execute<ConversationRow>(sql`
    select
      r.id, r.status, r.grs_submitted, r.created_at, r.updated_at, r.requester_id, r.responder_id,
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
  return result.rows;
}
