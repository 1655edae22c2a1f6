import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/open";
import { notificationOutbox, pushSubscriptions as p } from "../db/schema";
import { COVER_ALERT_KIND } from "./outbox-queries";

/** A column as a set clause names it: bare, without its table. */
const bare = (c: { name: string }) => sql.identifier(c.name);
const o = alias(notificationOutbox, "o");

export type ClaimedRow = {
  id: number;
  userId: number;
  kind: string;
  title: string;
  body: string;
  url: string;
  tag: string;
  readAt: Date | null;
  pushAttempts: number;
  pushDueTo: number[] | null;
  /** Set when the push waited for the recipient's quiet time to end. */
  pushHeldUntil: Date | null;
};

export type SubscriptionRow = { id: number; endpoint: string; p256dh: string; auth: string };

/**
 * The push worker's two lanes: cover alerts, paced, and every other kind, sent at once. Each claims
 * through an index of its own (migration 0022).
 */
export type PushLane = "prompt" | "cover";

/**
 * Leases due rows of a lane to this instance. SKIP LOCKED lets several instances claim side by
 * side without waiting; the lease keeps a row from being claimed twice while its pushes are in
 * flight, and lets another instance take it over when this one dies mid-send. A row is due once its due time
 * has passed by the app's clock (`now`: tests move it past a quiet window's end) or by the
 * database's own, which stamps new rows (a clock a little behind it never delays them).
 */
export async function claimDue(
  db: Db,
  opts: { lane: PushLane; batch: number; leaseMs: number; messageHoldMs: number; now: Date },
) {
  const due = alias(notificationOutbox, "due");
  // A literal, as in the lanes' index predicates: a parameter would not prove a partial index usable.
  const ofLane = sql.raw(`${opts.lane === "cover" ? "=" : "<>"} '${COVER_ALERT_KIND}'`);
  const result = await db.execute<ClaimedRow>(sql`
    update ${notificationOutbox} ${o}
    set ${bare(o.pushLeaseUntil)} = now() + ${opts.leaseMs} * interval '1 millisecond',
        ${bare(o.pushAttempts)} = ${o.pushAttempts} + 1
    where ${o.id} in (
      select ${due.id} from ${notificationOutbox} ${due}
      where ${due.pushState} = 'pending' and ${due.kind} ${ofLane}
        and ${due.pushNextAt} <= greatest(now(), ${opts.now})
        and (${due.pushLeaseUntil} is null or ${due.pushLeaseUntil} < now())
        and (${due.kind} <> 'message' or ${due.createdAt} <= now() - ${opts.messageHoldMs} * interval '1 millisecond')
      order by ${due.pushNextAt}
      limit ${opts.batch}
      for update skip locked
    )
    returning ${o.id} as id, ${o.userId} as "userId", ${o.kind} as kind, ${o.title} as title, ${o.body} as body,
      ${o.url} as url, ${o.tag} as tag, ${o.readAt} as "readAt", ${o.pushAttempts} as "pushAttempts",
      ${o.pushDueTo} as "pushDueTo", ${o.pushHeldUntil} as "pushHeldUntil"
  `);
  return result.rows;
}

export async function subscriptionsOf(db: Db, userIds: number[]): Promise<Map<number, SubscriptionRow[]>> {
  const map = new Map<number, SubscriptionRow[]>();
  if (userIds.length === 0) return map;
  const result = await db.execute<SubscriptionRow & { userId: number }>(sql`
    select ${p.id} as id, ${p.userId} as "userId", ${p.endpoint} as endpoint, ${p.p256dh} as p256dh, ${p.auth} as auth
    from ${p}
    where ${p.userId} = any(${`{${userIds.join(",")}}`}::int[])
  `);
  for (const row of result.rows) {
    const list = map.get(row.userId) ?? [];
    list.push(row);
    map.set(row.userId, list);
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
    update ${notificationOutbox} ${o}
    set ${bare(o.pushState)} = f.state, ${bare(o.pushLeaseUntil)} = null,
        ${bare(o.pushDueTo)} = case when f.state = 'failed' then ${o.pushDueTo} else '{}'::int[] end,
        ${bare(o.pushedAt)} = case when f.state = 'done' then now() else ${o.pushedAt} end
    from unnest(${`{${rows.map((r) => r.id).join(",")}}`}::int[], ${`{${rows.map((r) => r.state).join(",")}}`}::text[])
      as f(id, state)
    where ${o.id} = f.id
  `);
}

export async function retryRow(db: Db, id: number, delayMs: number, dueTo: number[]) {
  await db.execute(sql`
    update ${notificationOutbox}
    set ${bare(o.pushLeaseUntil)} = null, ${bare(o.pushNextAt)} = now() + ${delayMs} * interval '1 millisecond',
        ${bare(o.pushDueTo)} = ${`{${dueTo.join(",")}}`}::int[]
    where ${notificationOutbox.id} = ${id}
  `);
}

export type Deliveries = { ok: number[]; failed: number[]; gone: number[] };

const ids = (list: number[]) => `{${list.join(",")}}`;

/** When a device that keeps failing is given up: this many failures in a row, the first this long ago. */
export type DropAfter = { failures: number; periodMs: number };

export async function recordDeliveries(db: Db, d: Deliveries, dropAfter: DropAfter) {
  if (d.ok.length) {
    await db.execute(sql`
      update ${p} set ${bare(p.lastSuccessAt)} = now(), ${bare(p.failures)} = 0, ${bare(p.failingSince)} = null
      where ${p.id} = any(${ids(d.ok)}::int[])
    `);
  }
  if (d.failed.length) {
    await db.execute(sql`
      update ${p} set ${bare(p.failures)} = ${p.failures} + 1, ${bare(p.failingSince)} = coalesce(${p.failingSince}, now())
      where ${p.id} = any(${ids(d.failed)}::int[])
    `);
    await db.execute(sql`
      delete from ${p}
      where ${p.id} = any(${ids(d.failed)}::int[]) and ${p.failures} >= ${dropAfter.failures}
        and ${p.failingSince} <= now() - ${dropAfter.periodMs} * interval '1 millisecond'
    `);
  }
  if (d.gone.length) await db.execute(sql`delete from ${p} where ${p.id} = any(${ids(d.gone)}::int[])`);
}
