import { and, asc, eq, ne, type Placeholder, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { SwapStatus } from "../../common/enums";
import type { Conversation } from "../../common/messages";
import type { Db, Tx } from "../db/open";
import { preparedPerDb } from "../db/prepared";
import { type MessageRow, messages, shifts, swapRequestParties, swapRequests, users } from "../db/schema";
import { isSwapParty } from "../db/swap-party";

const isParty = (userId: number | Placeholder) => isSwapParty(swapRequests, userId);

/** A three-way request's parties in cycle order, as one column (null for a pairwise request). */
const partiesColumn = sql<number[] | null>`case when ${swapRequests.threeWay} then array(
  select ${swapRequestParties.userId} from ${swapRequestParties}
  where ${swapRequestParties.swapRequestId} = ${swapRequests.id} order by ${swapRequestParties.position}) end`;

/**
 * Whether a message from another party is unread by the user: a pairwise request's messages carry
 * it; in a three-way request each party reads up to a message of their own (decision 038).
 */
const unreadBy = (
  userId: number | Placeholder,
  m: { id: AnyPgColumn; isRead: AnyPgColumn },
) => sql`(case when ${swapRequests.threeWay} then ${m.id} > (
    select ${swapRequestParties.readThroughMessageId} from ${swapRequestParties}
    where ${swapRequestParties.swapRequestId} = ${swapRequests.id} and ${swapRequestParties.userId} = ${userId})
  else not ${m.isRead} end)`;

/** The request if the user is one of its parties. */
export async function requestOfParty(db: Db, userId: number, swapRequestId: number) {
  const [row] = await db
    .select({
      id: swapRequests.id,
      status: swapRequests.status,
      requesterId: swapRequests.requesterId,
      responderId: swapRequests.responderId,
      threeWay: swapRequests.threeWay,
      partyIds: partiesColumn,
    })
    .from(swapRequests)
    .where(and(eq(swapRequests.id, swapRequestId), isParty(userId)))
    .limit(1);
  return row;
}

/**
 * One conversation's messages, oldest first, if the user is one of the request's parties;
 * undefined otherwise. One prepared statement: the party check and the messages in a single round
 * trip, planned once per pooled connection (the conversation screen polls it).
 */
const partyMessages = preparedPerDb((db) =>
  db
    .select({
      requestId: swapRequests.id,
      message: messages,
      unread: sql<boolean | null>`${unreadBy(sql.placeholder("user"), messages)}`,
    })
    .from(swapRequests)
    .leftJoin(messages, eq(messages.swapRequestId, swapRequests.id))
    .where(and(eq(swapRequests.id, sql.placeholder("request")), isParty(sql.placeholder("user"))))
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
  // Another's message is read as this reader has read it: in a three-way request the first of the
  // two readers sets `is_read`, and the other's screen would never mark it read (decision 038).
  return rows.flatMap((r) =>
    r.message ? [r.message.senderId === userId ? r.message : { ...r.message, isRead: r.unread === false }] : [],
  );
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
  partyIds: number[] | null;
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
      select ${r.id} as id, ${r.requesterId} as "requesterId", ${r.responderId} as "responderId",
        ${partiesColumn} as "partyIds"
      from ${r}
      where ${r.id} = ${swapRequestId}
        and ${r.status} <> 'cancelled'
        and ${isParty(userId)}
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
    select inserted.*, target."requesterId", target."responderId", target."partyIds"
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

/** In a three-way request, the user has read up to this message (decision 038). */
export async function setReadThrough(db: Db | Tx, userId: number, swapRequestId: number, messageId?: number) {
  const p = swapRequestParties;
  const upTo =
    messageId ??
    sql`(select coalesce(max(${messages.id}), 0) from ${messages} where ${messages.swapRequestId} = ${swapRequestId})`;
  const rows = await db
    .update(p)
    .set({ readThroughMessageId: sql`greatest(${p.readThroughMessageId}, ${upTo})` })
    .where(and(eq(p.swapRequestId, swapRequestId), eq(p.userId, userId)))
    .returning({ readThrough: p.readThroughMessageId });
  return rows.length;
}

const unreadCount = preparedPerDb((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(swapRequests)
    .innerJoin(messages, eq(messages.swapRequestId, swapRequests.id))
    .where(
      sql`${isParty(sql.placeholder("user"))}
        and ${messages.senderId} <> ${sql.placeholder("user")}
        and ${unreadBy(sql.placeholder("user"), messages)}`,
    )
    .prepare("unread_count"),
);

/** Messages in the user's requests, sent by another party, not yet read by the user (prepared: every screen polls it). */
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
  participants: { id: number; firstName: string; lastName: string }[] | null;
};

/**
 * The shift a conversation is about for its reader: the request's shift, or in a three-way request
 * the reader's own (the one another party takes): the proposer's date is not theirs to care about.
 */
const readersShift = (userId: number) => sql`case when ${swapRequests.threeWay} then coalesce((
    select ${swapRequestParties.givesShiftId} from ${swapRequestParties}
    where ${swapRequestParties.swapRequestId} = ${swapRequests.id} and ${swapRequestParties.userId} = ${userId}),
    ${swapRequests.requesterShiftId}) else ${swapRequests.requesterShiftId} end`;

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
      greatest(${r.createdAt}, ${r.updatedAt}, ${lm.createdAt}) as "activityAt",
      case when ${r.threeWay} then (
        select json_agg(json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName})
          order by ${swapRequestParties.position})
        from ${swapRequestParties} join ${users} on ${users.id} = ${swapRequestParties.userId}
        where ${swapRequestParties.swapRequestId} = ${r.id}
      ) end as participants
    from ${r}
    join ${s} on ${s.id} = ${readersShift(userId)}
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
      where ${m.swapRequestId} = ${r.id} and ${m.senderId} <> ${userId} and ${unreadBy(userId, m)}
    ) uc on true
    where ${isParty(userId)}
      ${onlyRequestId === undefined ? sql`` : sql`and ${r.id} = ${onlyRequestId}`}
    order by "activityAt" desc, ${r.id} desc
  `);
  return result.rows;
}
