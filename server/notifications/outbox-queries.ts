import { sql } from "drizzle-orm";
import type { ShiftType } from "../../common/enums";
import type { Db, Tx } from "../db/open";
import type { notificationOutbox } from "../db/schema";

export type ContextRow = {
  swap_request_id: number;
  actor_id: number;
  requester_id: number;
  responder_id: number | null;
  actor_first: string;
  actor_last: string;
  shift_date: string;
  shift_type: ShiftType;
};

/** Per event, the request's parties, the actor's name and the requester's shift: what the texts are made of. */
export async function eventContexts(
  tx: Tx,
  events: { swapRequestId: number; actorId: number }[],
): Promise<ContextRow[]> {
  if (events.length === 0) return [];
  const result = await tx.execute<ContextRow>(sql`
    select e.swap_request_id, e.actor_id, r.requester_id, r.responder_id,
           a.first_name as actor_first, a.last_name as actor_last, s.date as shift_date, s.shift_type
    from unnest(${`{${events.map((e) => e.swapRequestId).join(",")}}`}::int[],
                ${`{${events.map((e) => e.actorId).join(",")}}`}::int[]) with ordinality
      as e(swap_request_id, actor_id, n)
    join swap_requests r on r.id = e.swap_request_id
    join shifts s on s.id = r.requester_shift_id
    join users a on a.id = e.actor_id
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
export async function insertOutbox(tx: Tx, rows: OutboxInsert[]): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((r) => ({
    user_id: r.userId,
    kind: r.kind,
    swap_request_id: r.swapRequestId ?? null,
    message_id: r.messageId ?? null,
    title: r.title,
    body: r.body,
    url: r.url,
    tag: r.tag,
    context: r.context,
    email_state: r.emailState,
  }));
  await tx.execute(sql`
    insert into notification_outbox
      (user_id, kind, swap_request_id, message_id, title, body, url, tag, context, email_state)
    select user_id, kind, swap_request_id, message_id, title, body, url, tag, context, email_state
    from json_to_recordset(${JSON.stringify(records)}::json) as r(
      user_id int, kind text, swap_request_id int, message_id int, title text, body text, url text,
      tag text, context json, email_state text)
  `);
  // Delivered at commit and not at all on rollback; PostgreSQL folds a transaction's repeats into one.
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, 'due')`);
}

export async function markOutboxRead(db: Tx | Db, userId: number, swapRequestId: number): Promise<void> {
  await db.execute(sql`
    update notification_outbox set read_at = now()
    where user_id = ${userId} and swap_request_id = ${swapRequestId} and read_at is null
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
    delete from notification_outbox
    where push_state <> 'pending' and email_state <> 'pending'
      and created_at < now() - make_interval(days => ${OUTBOX_KEEP_DAYS})
  `);
  return result.rowCount ?? 0;
}
