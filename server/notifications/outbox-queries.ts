import { type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ShiftType } from "../../common/enums";
import type { Db, Tx } from "../db/open";
import { notificationOutbox, shifts, swapRequestParties, swapRequests, users } from "../db/schema";

/** A column as an insert list or set clause names it: bare, without its table. */
const bare = (c: { name: string }) => sql.identifier(c.name);

/** One party of a three-way request and the shift they give: each takes the previous party's. */
export type PartySide = {
  userId: number;
  name: string;
  date: string;
  shiftType: ShiftType;
  startTime: string | null;
  endTime: string | null;
};

export type ContextRow = {
  swapRequestId: number;
  actorId: number;
  requesterId: number;
  responderId: number | null;
  /** A three-way request's parties in cycle order with the shifts they give (decision 038); null for a pair. */
  threeWay: PartySide[] | null;
  actorFirst: string;
  actorLast: string;
  shiftDate: string;
  shiftType: ShiftType;
};

/**
 * Per event, the request's parties, the actor's name and the requester's shift: what the texts are
 * made of; for a three-way request, each party with the shift they give, so each reads their own side.
 */
export async function eventContexts(
  tx: Tx,
  events: { swapRequestId: number; actorId: number }[],
): Promise<ContextRow[]> {
  if (events.length === 0) return [];
  const [pu, ps] = [alias(users, "pu"), alias(shifts, "ps")];
  const result = await tx.execute<ContextRow>(sql`
    select e.request as "swapRequestId", e.actor as "actorId", ${swapRequests.requesterId} as "requesterId",
           ${swapRequests.responderId} as "responderId", ${users.firstName} as "actorFirst",
           case when ${swapRequests.threeWay} then (
             select json_agg(json_build_object('userId', ${pu.id},
                 'name', trim(${pu.firstName} || ' ' || ${pu.lastName}), 'date', to_char(${ps.date}, 'YYYY-MM-DD'),
                 'shiftType', ${ps.shiftType}, 'startTime', ${ps.startTime}, 'endTime', ${ps.endTime})
               order by ${swapRequestParties.position})
             from ${swapRequestParties}
               join ${users} ${pu} on ${pu.id} = ${swapRequestParties.userId}
               join ${shifts} ${ps} on ${ps.id} = ${swapRequestParties.givesShiftId}
             where ${swapRequestParties.swapRequestId} = ${swapRequests.id}
           ) end as "threeWay",
           ${users.lastName} as "actorLast", ${shifts.date} as "shiftDate", ${shifts.shiftType} as "shiftType"
    from unnest(${`{${events.map((e) => e.swapRequestId).join(",")}}`}::int[],
                ${`{${events.map((e) => e.actorId).join(",")}}`}::int[]) with ordinality
      as e(request, actor, n)
    join ${swapRequests} on ${swapRequests.id} = e.request
    join ${shifts} on ${shifts.id} = ${swapRequests.requesterShiftId}
    join ${users} on ${users.id} = e.actor
    order by e.n
  `);
  return result.rows;
}

export type OutboxInsert = typeof notificationOutbox.$inferInsert;

/** NOTIFY on this channel wakes the push workers of every instance when new rows commit. */
export const OUTBOX_CHANNEL = "crewswap_outbox";

/**
 * All the rows in one statement with one parameter, however many there are (a swap that cancels
 * many others): one parameter per value would need chunks under PostgreSQL's 65,535 a statement,
 * and building such a statement costs more CPU than the insert itself.
 */
export async function insertOutbox(tx: Tx | Db, rows: OutboxInsert[], createdAt?: SQL): Promise<void> {
  if (rows.length === 0) return;
  const o = notificationOutbox;
  const columns = [
    o.userId,
    o.kind,
    o.swapRequestId,
    o.messageId,
    o.title,
    o.body,
    o.url,
    o.tag,
    o.context,
    o.emailState,
    o.pushState,
  ];
  const records = rows.map((r) => ({
    [o.userId.name]: r.userId,
    [o.kind.name]: r.kind,
    [o.swapRequestId.name]: r.swapRequestId ?? null,
    [o.messageId.name]: r.messageId ?? null,
    [o.title.name]: r.title,
    [o.body.name]: r.body,
    [o.url.name]: r.url,
    [o.tag.name]: r.tag,
    [o.context.name]: r.context,
    [o.emailState.name]: r.emailState,
    [o.pushState.name]: r.pushState ?? "pending",
  }));
  // The record's columns are the table's own, with their SQL types.
  const recordType = sql.join(
    columns.map((c) => sql`${bare(c)} ${sql.raw(c.getSQLType())}`),
    sql`, `,
  );
  const list = sql.join(columns.map(bare), sql`, `);
  // Recorded at the database's own time unless told: cover pushes are counted by the app's day.
  const stampColumn = createdAt ? sql`, ${bare(o.createdAt)}` : sql``;
  const stampValue = createdAt ? sql`, ${createdAt}` : sql``;
  await tx.execute(sql`
    insert into ${o} (${list}${stampColumn})
    select ${list}${stampValue}
    from json_to_recordset(${JSON.stringify(records)}::json) as r(${recordType})
  `);
  await wakePushWorkers(tx);
}

/** Delivered at commit and not at all on rollback; PostgreSQL folds a transaction's repeats into one. */
async function wakePushWorkers(tx: Tx | Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, 'due')`);
}

/**
 * The user changed their quiet times: pushes held for the old window are due now, so the push
 * worker looks at them again (and holds them to the new window's end if they still fall in one).
 * The email digest counts from this release.
 */
export async function releaseHeld(tx: Tx, userId: number, now: Date): Promise<void> {
  const o = notificationOutbox;
  const result = await tx.execute(sql`
    update ${o} set ${bare(o.pushNextAt)} = ${now}, ${bare(o.pushHeldUntil)} = ${now}
    where ${o.userId} = ${userId} and ${o.pushState} = 'pending' and ${o.pushHeldUntil} > ${now}
  `);
  if (result.rowCount) await wakePushWorkers(tx);
}

export async function markOutboxRead(db: Tx | Db, userId: number, swapRequestId: number): Promise<void> {
  await db.execute(sql`
    update ${notificationOutbox} set ${bare(notificationOutbox.readAt)} = now()
    where ${notificationOutbox.userId} = ${userId} and ${notificationOutbox.swapRequestId} = ${swapRequestId}
      and ${notificationOutbox.readAt} is null
  `);
}

/**
 * How long a finished row is kept: long enough to answer "was I told?" about last week's swaps,
 * short enough that names and dates of people's shifts do not pile up for ever.
 */
export const OUTBOX_KEEP_DAYS = 7;

/** Deletes rows both workers have finished with; anything still to push or mail stays, however old. */
export async function pruneOutbox(db: Db): Promise<number> {
  const result = await db.execute(sql`
    delete from ${notificationOutbox}
    where ${notificationOutbox.pushState} <> 'pending' and ${notificationOutbox.emailState} <> 'pending'
      and ${notificationOutbox.createdAt} < now() - make_interval(days => ${OUTBOX_KEEP_DAYS})
  `);
  return result.rowCount ?? 0;
}

/** Outbox kind of a cover alert (DESIGN §5.22); not one of the request parties' events. */
export const COVER_ALERT_KIND = "cover_alert";
