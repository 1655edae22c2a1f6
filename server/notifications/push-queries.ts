import { sql } from "drizzle-orm";
import type { Db } from "../db/open";

export type ClaimedRow = {
  id: number;
  user_id: number;
  kind: string;
  title: string;
  body: string;
  url: string;
  tag: string;
  read_at: Date | null;
  push_attempts: number;
  push_due_to: number[] | null;
};

export type SubscriptionRow = { id: number; endpoint: string; p256dh: string; auth: string };

/**
 * Leases due rows to this instance. SKIP LOCKED lets several instances claim side by side without
 * waiting; the lease keeps a row from being claimed twice while its pushes are in flight, and
 * lets another instance take it over when this one dies mid-send.
 */
export async function claimDue(db: Db, opts: { batch: number; leaseMs: number; messageHoldMs: number }) {
  const result = await db.execute<ClaimedRow>(sql`
    update notification_outbox o
    set push_lease_until = now() + ${opts.leaseMs} * interval '1 millisecond',
        push_attempts = o.push_attempts + 1
    where o.id in (
      select id from notification_outbox
      where push_state = 'pending' and push_next_at <= now()
        and (push_lease_until is null or push_lease_until < now())
        and (kind <> 'message' or created_at <= now() - ${opts.messageHoldMs} * interval '1 millisecond')
      order by push_next_at
      limit ${opts.batch}
      for update skip locked
    )
    returning o.id, o.user_id, o.kind, o.title, o.body, o.url, o.tag, o.read_at, o.push_attempts, o.push_due_to
  `);
  return result.rows;
}

export async function subscriptionsOf(db: Db, userIds: number[]): Promise<Map<number, SubscriptionRow[]>> {
  const map = new Map<number, SubscriptionRow[]>();
  if (userIds.length === 0) return map;
  const result = await db.execute<SubscriptionRow & { user_id: number }>(sql`
    select id, user_id, endpoint, p256dh, auth from push_subscriptions
    where user_id = any(${`{${userIds.join(",")}}`}::int[])
  `);
  for (const row of result.rows) {
    const list = map.get(row.user_id) ?? [];
    list.push(row);
    map.set(row.user_id, list);
  }
  return map;
}

/** Rows that are finished: pushed to every device, read before their push, or given up. */
export async function finishRows(
  db: Db,
  rows: { id: number; state: "done" | "skipped" | "failed"; dueTo: number[] }[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update notification_outbox o
    set push_state = f.state, push_lease_until = null,
        push_due_to = case when f.state = 'failed' then o.push_due_to else '{}'::int[] end,
        pushed_at = case when f.state = 'done' then now() else o.pushed_at end
    from unnest(${`{${rows.map((r) => r.id).join(",")}}`}::int[], ${`{${rows.map((r) => r.state).join(",")}}`}::text[])
      as f(id, state)
    where o.id = f.id
  `);
}

export async function retryRow(db: Db, id: number, delayMs: number, dueTo: number[]) {
  await db.execute(sql`
    update notification_outbox
    set push_lease_until = null, push_next_at = now() + ${delayMs} * interval '1 millisecond',
        push_due_to = ${`{${dueTo.join(",")}}`}::int[]
    where id = ${id}
  `);
}

export type Deliveries = { ok: number[]; failed: number[]; gone: number[] };

const ids = (list: number[]) => `{${list.join(",")}}`;

/** When a device that keeps failing is given up: this many failures in a row, the first this long ago. */
export type DropAfter = { failures: number; periodMs: number };

export async function recordDeliveries(db: Db, d: Deliveries, dropAfter: DropAfter) {
  if (d.ok.length) {
    await db.execute(sql`
      update push_subscriptions set last_success_at = now(), failures = 0, failing_since = null
      where id = any(${ids(d.ok)}::int[])
    `);
  }
  if (d.failed.length) {
    await db.execute(sql`
      update push_subscriptions set failures = failures + 1, failing_since = coalesce(failing_since, now())
      where id = any(${ids(d.failed)}::int[])
    `);
    await db.execute(sql`
      delete from push_subscriptions
      where id = any(${ids(d.failed)}::int[]) and failures >= ${dropAfter.failures}
        and failing_since <= now() - ${dropAfter.periodMs} * interval '1 millisecond'
    `);
  }
  if (d.gone.length) await db.execute(sql`delete from push_subscriptions where id = any(${ids(d.gone)}::int[])`);
}
