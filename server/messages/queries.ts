import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SwapStatus } from "../../common/enums";
import type { Conversation } from "../../common/messages";
import type { Db, Tx } from "../db/open";
import { preparedPerDb } from "../db/prepared";
import { type MessageRow, messages, shifts, swapRequests, users } from "../db/schema";

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

/**
 * One conversation's messages, oldest first, if the user is one of the request's two parties;
 * undefined otherwise. One prepared statement: the party check and the messages in a single round
 * trip, planned once per pooled connection (the conversation screen polls it).
 */
const partyMessages = preparedPerDb((db) =>
  db
    .select({ requestId: swapRequests.id, message: messages })
    .from(swapRequests)
    .leftJoin(messages, eq(messages.swapRequestId, swapRequests.id))
    .where(
      and(
        eq(swapRequests.id, sql.placeholder("request")),
        or(
          eq(swapRequests.requesterId, sql.placeholder("user")),
          eq(swapRequests.responderId, sql.placeholder("user")),
        ),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .prepare("messages_of_party"),
);

export async function messagesOfParty(
  db: Db,
  userId: number,
  swapRequestId: number,
): Promise<MessageRow[] | undefined> {
  const rows = await partyMessages(db).execute({ request: swapRequestId, user: userId });
  if (rows.length === 0) return undefined;
  return rows.flatMap((r) => (r.message ? [r.message] : []));
}

export type InsertedRow = {
  id: number;
  swapRequestId: number;
  senderId: number;
  content: string;
  createdAt: Date | string;
  isRead: boolean;
  requesterId: number;
  responderId: number | null;
};

const bare = (c: { name: string }) => sql.identifier(c.name);

/**
 * Adds a message from one party unless the request is cancelled. The request row is share-locked
 * while the message goes in, so a cancellation committed at the same moment is either seen or waits.
 * The responder's first message in an open request is their answer: it is marked on the request,
 * so no reminder follows (decision 037).
 */
export async function insertMessageOfParty(db: Db | Tx, userId: number, swapRequestId: number, content: string) {
  const r = swapRequests;
  const m = messages;
  const result = await db.execute<InsertedRow>(sql`
    with target as (
      select ${r.id} as id, ${r.requesterId} as "requesterId", ${r.responderId} as "responderId"
      from ${r}
      where ${r.id} = ${swapRequestId}
        and ${r.status} <> 'cancelled'
        and (${r.requesterId} = ${userId} or ${r.responderId} = ${userId})
      for share
    ), answered as (
      update ${r} set ${bare(r.responderAnswered)} = true
      from target
      where ${r.id} = target.id and target."responderId" = ${userId} and not ${r.responderAnswered}
        and ${r.status} in ('pending', 'accepted')
    ), inserted as (
      insert into ${m} (${bare(m.swapRequestId)}, ${bare(m.senderId)}, ${bare(m.content)}, ${bare(m.isRead)})
      select id, ${userId}, ${content}, false from target
      returning ${m.id} as id, ${m.swapRequestId} as "swapRequestId", ${m.senderId} as "senderId",
        ${m.content} as content, ${m.createdAt} as "createdAt", ${m.isRead} as "isRead"
    )
    select inserted.*, target."requesterId", target."responderId"
    from inserted join target on target.id = inserted."swapRequestId"
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

const unreadCount = preparedPerDb((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(swapRequests)
    .innerJoin(messages, eq(messages.swapRequestId, swapRequests.id))
    .where(
      sql`(${swapRequests.requesterId} = ${sql.placeholder("user")} or ${swapRequests.responderId} = ${sql.placeholder("user")})
        and ${messages.senderId} <> ${sql.placeholder("user")}
        and not ${messages.isRead}`,
    )
    .prepare("unread_count"),
);

/** Messages in the user's requests, sent by the other party, not yet read (prepared: every screen polls it). */
export async function unreadCountOf(db: Db, userId: number): Promise<number> {
  const [row] = await unreadCount(db).execute({ user: userId });
  return row?.n ?? 0;
}

export type ConversationRow = {
  id: number;
  status: SwapStatus;
  grsSubmitted: boolean;
  createdAt: Date | string;
  updatedAt: Date | string;
  requesterId: number;
  responderId: number | null;
  shiftId: number;
  shiftDate: string;
  shiftType: Conversation["shift"]["shiftType"];
  startTime: string | null;
  endTime: string | null;
  requesterFirst: string | null;
  requesterLast: string | null;
  requesterHub: string | null;
  otherId: number | null;
  otherFirst: string | null;
  otherLast: string | null;
  otherHub: string | null;
  lastContent: string | null;
  lastAt: Date | string | null;
  lastSender: number | null;
  unread: number;
  activityAt: Date | string;
};

/** The user's conversations (one per swap request they are party to), in one query. */
export async function conversationRows(db: Db, userId: number, onlyRequestId?: number): Promise<ConversationRow[]> {
  const r = swapRequests;
  const s = shifts;
  const [rq, o] = [alias(users, "rq"), alias(users, "o")];
  const [lm, m] = [alias(messages, "lm"), alias(messages, "m")];
  const result = await db.execute<ConversationRow>(sql`
    select
      ${r.id} as id, ${r.status} as status, ${r.grsSubmitted} as "grsSubmitted", ${r.createdAt} as "createdAt",
      ${r.updatedAt} as "updatedAt", ${r.requesterId} as "requesterId", ${r.responderId} as "responderId",
      ${s.id} as "shiftId", ${s.date} as "shiftDate", ${s.shiftType} as "shiftType",
      ${s.startTime} as "startTime", ${s.endTime} as "endTime",
      ${rq.firstName} as "requesterFirst", ${rq.lastName} as "requesterLast", ${rq.hub} as "requesterHub",
      ${o.id} as "otherId", ${o.firstName} as "otherFirst", ${o.lastName} as "otherLast", ${o.hub} as "otherHub",
      ${lm.content} as "lastContent", ${lm.createdAt} as "lastAt", ${lm.senderId} as "lastSender",
      coalesce(uc.n, 0)::int as unread,
      greatest(${r.createdAt}, ${r.updatedAt}, ${lm.createdAt}) as "activityAt"
    from ${r}
    join ${s} on ${s.id} = ${r.requesterShiftId}
    left join ${users} ${rq} on ${rq.id} = ${r.requesterId}
    left join ${users} ${o} on ${o.id} = case when ${r.requesterId} = ${userId} then ${r.responderId} else ${r.requesterId} end
    left join lateral (
      select ${m.content}, ${m.createdAt}, ${m.senderId}
      from ${messages} ${m}
      where ${m.swapRequestId} = ${r.id}
      order by ${m.createdAt} desc, ${m.id} desc
      limit 1
    ) ${lm} on true
    left join lateral (
      select count(*) as n
      from ${messages} ${m}
      where ${m.swapRequestId} = ${r.id} and ${m.senderId} <> ${userId} and not ${m.isRead}
    ) uc on true
    where (${r.requesterId} = ${userId} or ${r.responderId} = ${userId})
      ${onlyRequestId === undefined ? sql`` : sql`and ${r.id} = ${onlyRequestId}`}
    order by "activityAt" desc, ${r.id} desc
  `);
  return result.rows;
}
