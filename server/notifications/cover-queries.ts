import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/open";
import { queryPreparedIn } from "../db/prepared";
import { coverAlerts as ca, notificationSettings as n, notificationOutbox as o } from "../db/schema";
import { COVER_ALERT_KIND, OUTBOX_CHANNEL, type OutboxInsert } from "./outbox-queries";

/** A column as an insert list names it: bare, without its table. */
const bare = (c: { name: string }) => sql.identifier(c.name);

// Written into the statement, not bound: a prepared statement's generic plan can use the partial
// index (notification_outbox_cover_pushes_idx) only where its condition is there to read.
const coverKind = sql.raw(`'${COVER_ALERT_KIND}'`);

/**
 * "Now" for the day's count and for the time a cover push is recorded at: the app's clock (tests
 * move it across midnight), or the database's where that is later, as for due times (push-queries.ts).
 * The two must agree, or a push recorded by one clock would fall outside the day counted by the other.
 */
export const coverNow = (now: Date) => sql`greatest(now(), ${now.toISOString()}::timestamptz)`;

/**
 * The cover-alert pushes the user `userId` (an expression of the statement) has had since midnight
 * in London, by `coverNow`; a push turned into a digest line by the day's limit does not count.
 */
const pushesToday = (userId: SQL, now: Date) => sql`(
  select count(*)::int from ${o}
  where ${o.userId} = ${userId} and ${o.kind} = ${coverKind} and ${o.pushState} <> 'capped'
    and ${o.createdAt} >= date_trunc('day', ${coverNow(now)} at time zone 'Europe/London') at time zone 'Europe/London')`;

export type CoverPushCount = { pushes: number; perDay: number };

/**
 * Per user, the cover-alert pushes they have had today and their own daily limit (`defaultPerDay`
 * where they have not chosen). Read without a lock: two changes committing at the same moment may
 * each give the day's last push, which costs one push more, where a lock taken this late in a
 * change could deadlock with the locks it takes after.
 */
export async function coverPushesToday(
  tx: Tx | Db,
  userIds: number[],
  defaultPerDay: number,
  now: Date,
): Promise<Map<number, CoverPushCount>> {
  if (userIds.length === 0) return new Map();
  const result = await tx.execute<{ userId: number } & CoverPushCount>(sql`
    select u.id as "userId", coalesce(${n.coverAlertsPerDay}, ${defaultPerDay})::int as "perDay",
      ${pushesToday(sql`u.id`, now)} as pushes
    from unnest(${`{${userIds.join(",")}}`}::int[]) as u(id)
    left join ${n} on ${n.userId} = u.id`);
  return new Map(result.rows.map(({ userId, ...count }) => [userId, count]));
}

/** What one request's cover-alert push says, the same for everyone it goes to. */
export type CoverPushText = Pick<OutboxInsert, "title" | "body" | "url" | "tag" | "context">;

/**
 * One need for cover told to colleagues, in one statement of the change's transaction: records each
 * alert (a colleague already told about the request, by another instance or a concurrent change, is
 * skipped), queues each newly told colleague's push, or its line in the email digest once they have
 * had their day's limit of pushes (the same lockless count as `coverPushesToday`), and wakes the push
 * workers at commit. Returns who was newly told.
 */
export async function insertCoverAlertPushes(
  tx: Tx,
  swapRequestId: number,
  userIds: number[],
  push: CoverPushText,
  defaultPerDay: number,
  now: Date,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const [row] = await queryPreparedIn<{ told: number[] }>(
    tx,
    sql`
    with told as (
      insert into ${ca} (${bare(ca.swapRequestId)}, ${bare(ca.userId)})
      select ${swapRequestId}::int, u from unnest(${`{${userIds.join(",")}}`}::int[]) as u
      on conflict do nothing
      returning ${bare(ca.userId)} as recipient
    ), counted as materialized (
      -- Materialized: inlined, each mention of its state below would count again for every row.
      select told.recipient,
        case when ${pushesToday(sql`told.recipient`, now)} < coalesce(${n.coverAlertsPerDay}, ${defaultPerDay}::int)
          then 'pending' else 'capped' end as state
      from told left join ${n} on ${n.userId} = told.recipient
    ), queued as (
      insert into ${o} (${bare(o.userId)}, ${bare(o.kind)}, ${bare(o.swapRequestId)}, ${bare(o.title)}, ${bare(o.body)},
        ${bare(o.url)}, ${bare(o.tag)}, ${bare(o.context)}, ${bare(o.pushState)}, ${bare(o.emailState)}, ${bare(o.createdAt)})
      select recipient, ${COVER_ALERT_KIND}, ${swapRequestId}::int, ${push.title}, ${push.body}, ${push.url}, ${push.tag},
        ${JSON.stringify(push.context)}::json,
        state, case when state = 'capped' then 'pending' else 'none' end, ${coverNow(now)}
      from counted
      returning ${bare(o.userId)} as recipient
    ), woken as (
      -- Delivered at commit and not at all on rollback; only when a row was queued.
      select pg_notify(${OUTBOX_CHANNEL}, 'due') from (select 1 from queued limit 1) as any_row
    )
    select coalesce((select array_agg(recipient) from queued), '{}') as told, (select count(*) from woken) as woken`,
  );
  return row.told;
}
