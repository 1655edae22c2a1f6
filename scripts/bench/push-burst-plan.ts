// The push-burst bench's events and what the outbox says of them afterwards.
import { setTimeout as delay } from "node:timers/promises";
import type pg from "pg";
import type { Db } from "../../server/db/open";
import { recordNotifications } from "../../server/notifications/record";
import type { EventKey, OutboxState } from "./push-accounting";
import type { ReceiverProcess } from "./push-receiver-process";

/** One event: a new request for its recipient, made by the request's other party. */
export type PlannedEvent = { swapRequestId: number; actorId: number; recipientId: number };

export const keyOf = (recipientId: number, tag: string): EventKey => `${recipientId}|${tag}`;
export const eventKey = (e: PlannedEvent) => keyOf(e.recipientId, `swap-${e.swapRequestId}`);

/**
 * `bursts` bursts of `events` events each, no event (recipient and request) in two bursts: a push
 * then tells which burst it belongs to however late it comes. Each request with a responder gives
 * two events, one to each party. With too few requests, bursts get fewer events.
 */
export async function planBursts(pool: pg.Pool, bursts: number, events: number): Promise<PlannedEvent[][]> {
  const { rows } = await pool.query<{ id: number; requester_id: number; responder_id: number }>(
    "select id, requester_id, responder_id from swap_requests where responder_id is not null order by id",
  );
  const all: PlannedEvent[] = [
    ...rows.map((r) => ({ swapRequestId: r.id, actorId: r.requester_id, recipientId: r.responder_id })),
    ...rows.map((r) => ({ swapRequestId: r.id, actorId: r.responder_id, recipientId: r.requester_id })),
  ];
  const per = Math.min(events, Math.floor(all.length / bursts));
  if (per === 0) throw new Error("the seed has no swap request with a responder to push about");
  return Array.from({ length: bursts }, (_, k) => all.slice(k * per, (k + 1) * per));
}

/** A subscription on the receiver for every recipient, as `u<id>`. */
export async function subscribeRecipients(pool: pg.Pool, receiver: ReceiverProcess, plans: PlannedEvent[][]) {
  const ids = [...new Set(plans.flat().map((e) => e.recipientId))];
  const subs = await receiver.subscribe(ids.map((id) => `u${id}`));
  await pool.query(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth)
     select * from unnest($1::int[], $2::text[], $3::text[], $4::text[]) on conflict do nothing`,
    [ids, subs.map((s) => s.endpoint), subs.map((s) => s.keys.p256dh), subs.map((s) => s.keys.auth)],
  );
}

/** The newest outbox row's id: rows after it are this run's. */
export async function lastOutboxId(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ id: number | null }>("select max(id) as id from notification_outbox");
  return rows[0].id ?? 0;
}

/** Each event's outbox row after `afterId`: its push state and how many times it was claimed. */
export async function outboxStates(pool: pg.Pool, afterId: number): Promise<Map<EventKey, OutboxState>> {
  const { rows } = await pool.query<{ user_id: number; tag: string; push_state: string; push_attempts: number }>(
    "select user_id, tag, push_state, push_attempts from notification_outbox where id > $1",
    [afterId],
  );
  return new Map(
    rows.map((r) => {
      const key = keyOf(r.user_id, r.tag);
      return [key, { key, state: r.push_state, claims: r.push_attempts }];
    }),
  );
}

/** Waits until no row after `afterId` is still due (sent, or given up), or until `deadline`. */
export async function outboxSettled(pool: pg.Pool, afterId: number, deadline: number): Promise<boolean> {
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      "select count(*)::int as n from notification_outbox where id > $1 and push_state = 'pending'",
      [afterId],
    );
    if (rows[0].n === 0) return true;
    if (Date.now() >= deadline) return false;
    await delay(250);
  }
}

/** A burst's events: a new request for each recipient, made by the request's other party. */
export const burstEvents = (planned: PlannedEvent[]) =>
  planned.map((e) => ({ kind: "request_received" as const, swapRequestId: e.swapRequestId, actorId: e.actorId }));

export type Uncommitted = { commit: () => Promise<void> };

/**
 * Records a burst's events in a transaction that stays open until `commit()` is called: the rows
 * are written, and invisible to the push worker, until then. The NOTIFY that wakes it is sent at
 * the commit, as for any change.
 */
async function recordUncommitted(db: Db, planned: PlannedEvent[]): Promise<Uncommitted> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let isRecorded!: () => void;
  const recorded = new Promise<void>((resolve) => {
    isRecorded = resolve;
  });
  const committed = db.transaction(async (tx) => {
    await recordNotifications(tx, burstEvents(planned));
    isRecorded();
    await released;
  });
  // A transaction that failed before it recorded everything fails here, not at its commit.
  await Promise.race([recorded, committed]);
  return {
    commit: async () => {
      release();
      await committed;
    },
  };
}

/** `bursts` bursts recorded and uncommitted; if one cannot be recorded, the others are ended. */
export async function recordBursts(db: Db, plans: PlannedEvent[][]) {
  const settled = await Promise.allSettled(plans.map((planned) => recordUncommitted(db, planned)));
  const failed = settled.find((r) => r.status === "rejected");
  if (!failed) return settled.map((r) => (r as PromiseFulfilledResult<Uncommitted>).value);
  for (const r of settled) if (r.status === "fulfilled") await r.value.commit();
  throw failed.reason;
}
