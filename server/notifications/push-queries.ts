import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/open";
import { preparedStatement } from "../db/prepared";
import { notificationOutbox, pushSubscriptions as p } from "../db/schema";
import { COVER_ALERT_KIND } from "./outbox-queries";
import { type QuietRow, quietChoicesJoin } from "./quiet-queries";

/** A column as a set clause names it: bare, without its table. */
const bare = (c: { name: string }) => sql.identifier(c.name);
const o = alias(notificationOutbox, "o");
/** A list of ids as one array parameter. */
const ids = (list: number[]) => `{${list.join(",")}}`;

export type SubscriptionRow = { id: number; endpoint: string; p256dh: string; auth: string };

export type ClaimedRow = QuietRow & {
  id: number;
  userId: number;
  kind: string;
  title: string;
  body: string;
  url: string;
  tag: string;
  // Timestamps come as the driver's text in this raw statement: only whether they are set is read.
  readAt: string | null;
  pushAttempts: number;
  pushDueTo: number[] | null;
  /** Set when the push waited for the recipient's quiet time to end. */
  pushHeldUntil: string | null;
  /** The recipient's devices as the row was claimed. */
  subs: SubscriptionRow[];
};

/**
 * The push worker's two lanes: cover alerts, paced, and every other kind, sent at once. Each claims
 * through an index of its own (migration 0022).
 */
export type PushLane = "prompt" | "cover";

/**
 * Leases due rows of a lane to this instance, and reads beside each its recipient's quiet choices
 * and devices: one statement a batch. SKIP LOCKED lets several instances claim side by side without
 * waiting; the lease keeps a row from being claimed twice while its pushes are in flight, and lets
 * another instance take it over when this one dies mid-send. A row is due once its due time has
 * passed by the app's clock (`now`: tests move it past a quiet window's end) or by the database's
 * own, which stamps new rows (a clock a little behind it never delays them).
 */
function claimStatement(lane: PushLane) {
  const due = alias(notificationOutbox, "due");
  // A literal, as in the lanes' index predicates: a parameter would not prove a partial index usable.
  const ofLane = sql.raw(`${lane === "cover" ? "=" : "<>"} '${COVER_ALERT_KIND}'`);
  const now = sql`${sql.placeholder("now")}::timestamptz`;
  return preparedStatement<ClaimedRow>(sql`
    with picked as materialized (
      -- Materialized, so it runs once: as a subquery of the update, a plan kept from an empty outbox
      -- ran it again for every row the update read, each time locking more, and leased them all.
      select ${due.id} from ${notificationOutbox} ${due}
      where ${due.pushState} = 'pending' and ${due.kind} ${ofLane}
        and ${due.pushNextAt} <= greatest(now(), ${now})
        and (${due.pushLeaseUntil} is null or ${due.pushLeaseUntil} < now())
        and (${due.kind} <> 'message'
             or ${due.createdAt} <= now() - ${sql.placeholder("messageHoldMs")}::int * interval '1 millisecond')
      order by ${due.pushNextAt}
      limit ${sql.placeholder("batch")}::int
      for update skip locked
    ), claimed as (
      update ${notificationOutbox} ${o}
      set ${bare(o.pushLeaseUntil)} = now() + ${sql.placeholder("leaseMs")}::int * interval '1 millisecond',
          ${bare(o.pushAttempts)} = ${o.pushAttempts} + 1
      from picked where ${o.id} = picked.id
      returning ${o.id} as id, ${o.userId} as "userId", ${o.kind} as kind, ${o.title} as title, ${o.body} as body,
        ${o.url} as url, ${o.tag} as tag, ${o.readAt} as "readAt", ${o.pushAttempts} as "pushAttempts",
        ${o.pushDueTo} as "pushDueTo", ${o.pushHeldUntil} as "pushHeldUntil"
    )
    select claimed.*, quiet.*,
      coalesce((
        select json_agg(json_build_object('id', ${p.id}, 'endpoint', ${p.endpoint}, 'p256dh', ${p.p256dh},
                 'auth', ${p.auth}) order by ${p.id})
        from ${p} where ${p.userId} = claimed."userId"
      ), '[]'::json) as subs
    from claimed
    ${quietChoicesJoin(sql`claimed."userId"`)}
  `);
}

const claimOf = { prompt: claimStatement("prompt"), cover: claimStatement("cover") };

export async function claimDue(
  db: Db,
  opts: {
    lane: PushLane;
    batch: number;
    leaseMs: number;
    messageHoldMs: number;
    now: Date;
    /** The London days whose nights can make a recipient quiet now. */
    quietFrom: string;
    quietTo: string;
  },
) {
  const { lane, now, ...values } = opts;
  return claimOf[lane](db, { ...values, now: now.toISOString() });
}

const finishStatement = preparedStatement(sql`
  with ok as (
    update ${p} set ${bare(p.lastSuccessAt)} = now(), ${bare(p.failures)} = 0, ${bare(p.failingSince)} = null
    where ${p.id} = any(${sql.placeholder("ok")}::int[])
      -- A device that keeps taking its pushes is written once an hour, not for each push: a request's
      -- cover alerts would otherwise rewrite hundreds of rows for a time nobody needs to the second.
      and (${p.failures} > 0 or ${p.failingSince} is not null or ${p.lastSuccessAt} is null
        or ${p.lastSuccessAt} < now() - interval '1 hour')
  )
  update ${notificationOutbox} ${o}
  set ${bare(o.pushState)} = f.state, ${bare(o.pushLeaseUntil)} = null,
      ${bare(o.pushDueTo)} = case when f.state = 'failed' then ${o.pushDueTo} else '{}'::int[] end,
      ${bare(o.pushedAt)} = case when f.state = 'done' then now() else ${o.pushedAt} end
  from unnest(${sql.placeholder("ids")}::int[], ${sql.placeholder("states")}::text[]) as f(id, state)
  where ${o.id} = f.id
`);

/**
 * Rows that are finished (pushed to every device, read before their push, or given up), and the
 * devices that took their push: one statement a batch.
 */
export async function finishRows(
  db: Db,
  rows: { id: number; state: "done" | "skipped" | "failed" }[],
  okDevices: number[],
) {
  if (rows.length === 0 && okDevices.length === 0) return;
  await finishStatement(db, {
    ok: ids(okDevices),
    ids: ids(rows.map((r) => r.id)),
    states: `{${rows.map((r) => r.state).join(",")}}`,
  });
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

/** When a device that keeps failing is given up: this many failures in a row, the first this long ago. */
export type DropAfter = { failures: number; periodMs: number };

/** Devices that failed or are gone (a device that took its push is recorded by `finishRows`). */
export async function recordFailures(db: Db, d: Pick<Deliveries, "failed" | "gone">, dropAfter: DropAfter) {
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
