import { setTimeout as delay } from "node:timers/promises";
import webpush from "web-push";
import type { PushPayload } from "../../common/push";
import type { VapidKeys } from "../config";
import type { Db } from "../db/open";
import {
  type ClaimedRow,
  claimDue,
  type Deliveries,
  type DropAfter,
  finishRows,
  recordDeliveries,
  retryRow,
  type SubscriptionRow,
  subscriptionsOf,
} from "./push-queries";
import { createPushSender } from "./push-sender";
import type { SendJob } from "./push-sender-thread";
import { REFUSED_ADDRESS } from "./push-transport";

export type PushWorkerOptions = {
  db: Db;
  vapid: VapidKeys;
  subject: string;
  messageHoldMs: number;
  log: { warn: (obj: object, msg: string) => void };
  /** How often the outbox is looked at when idle. */
  pollMs?: number;
  batch?: number;
  /** Per push request; a push service that hangs costs the worker this long, never a user's request. */
  timeoutMs?: number;
  maxAttempts?: number;
  /** Tests and benchmarks run their push service on this host; nowhere else may it be reached. */
  allowLoopback?: boolean;
  /** A device whose push service keeps failing is forgotten (default: 10 in a row over 3 days). */
  dropAfter?: DropAfter;
};

export type PushWorker = {
  start: () => void;
  stop: () => Promise<void>;
  /** New rows have committed: look at once rather than at the next poll. */
  wake: () => void;
};

type Outcome = "ok" | "gone" | "retry";

/**
 * Answers that never change for this device: expired or unknown (404, 410), refused for our VAPID
 * key (401, 403), or an endpoint that is no longer a public address. The device is forgotten, and
 * shows push off, rather than retried for ever.
 */
const GONE = new Set([401, 403, 404, 410, REFUSED_ADDRESS]);

const outcomeOf = (status: number | null): Outcome => {
  if (status !== null && GONE.has(status)) return "gone";
  return status !== null && status >= 200 && status < 300 ? "ok" : "retry";
};

/** How long a pass waits for its last batches before letting the next one claim beside them. */
const SLOW_SEND_WAIT_MS = 200;

/** Two: the next batch is with the sender while the one before finishes its last pushes. */
const BATCHES_WITH_SENDER = 2;

const backoffMs = (attempt: number) => Math.min(5 * 60_000, 1000 * 2 ** (attempt - 1)) * (0.75 + Math.random() / 2);

/** Sends the outbox's pushes after commit, on every instance, each row by exactly one of them. */
export function createPushWorker(opts: PushWorkerOptions): PushWorker {
  const pollMs = opts.pollMs ?? 200;
  const batch = opts.batch ?? 100;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxAttempts = opts.maxAttempts ?? 8;
  const leaseMs = timeoutMs * 2 + 5_000;
  const policy = { allowLoopback: opts.allowLoopback ?? false };
  const dropAfter = opts.dropAfter ?? { failures: 10, periodMs: 3 * 24 * 3600 * 1000 };
  // One signed VAPID JWT per push service origin, renewed well before its 12 h expiry: signing per
  // push would cost more CPU than the encryption.
  const jwtCache = new Map<string, { authorization: string; until: number }>();
  const vapidAuthorization = (endpoint: string) => {
    const audience = new URL(endpoint).origin;
    const hit = jwtCache.get(audience);
    if (hit && hit.until > Date.now()) return hit.authorization;
    const expiration = Math.floor(Date.now() / 1000) + 12 * 3600;
    const headers = webpush.getVapidHeaders(
      audience,
      opts.subject,
      opts.vapid.publicKey,
      opts.vapid.privateKey,
      "aes128gcm",
      expiration,
    );
    const authorization = String(headers.Authorization);
    jwtCache.set(audience, { authorization, until: Date.now() + 6 * 3600 * 1000 });
    return authorization;
  };
  // A new sender each start: one that was stopped answers every push with null.
  let sender = createPushSender(policy);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let failuresInARow = 0;
  let busy = false;
  let wokenWhileBusy = false;

  const jobFor = (sub: SubscriptionRow, row: ClaimedRow): SendJob => {
    const payload: PushPayload = { title: row.title, body: row.body, url: row.url, tag: row.tag };
    return {
      endpoint: sub.endpoint,
      p256dh: sub.p256dh,
      auth: sub.auth,
      payload: JSON.stringify(payload),
      authorization: vapidAuthorization(sub.endpoint),
      topic: row.tag.replace(/[^A-Za-z0-9_-]/g, ""),
    };
  };

  type Result = { id: number; state: "done" | "skipped" | "failed" | "retry"; dueTo: number[]; attempts: number };

  /** The devices a row is still to reach, or null when it needs no push. */
  function devicesFor(row: ClaimedRow, subs: SubscriptionRow[]): SubscriptionRow[] | null {
    // A message read on an open screen during its hold needs no push.
    if (row.kind === "message" && row.readAt) return null;
    // The devices are fixed at the first attempt; a device added later never gets an old event.
    const targets = row.pushDueTo ? new Set(row.pushDueTo) : null;
    return targets ? subs.filter((s) => targets.has(s.id)) : subs;
  }

  function settle(row: ClaimedRow, outcomes: (readonly [number, Outcome])[], deliveries: Deliveries): Result {
    const failed: number[] = [];
    for (const [id, outcome] of outcomes) {
      if (outcome === "ok") deliveries.ok.push(id);
      else if (outcome === "gone") deliveries.gone.push(id);
      else failed.push(id);
    }
    deliveries.failed.push(...failed);
    if (failed.length === 0) return { id: row.id, state: "done", dueTo: [], attempts: row.pushAttempts };
    if (row.pushAttempts >= maxAttempts) return { id: row.id, state: "failed", dueTo: failed, attempts: 0 };
    return { id: row.id, state: "retry", dueTo: failed, attempts: row.pushAttempts };
  }

  type Claimed = { rows: ClaimedRow[]; subs: Map<number, SubscriptionRow[]> };

  async function claim(): Promise<Claimed> {
    const rows = await claimDue(opts.db, { batch, leaseMs, messageHoldMs: opts.messageHoldMs });
    if (rows.length === 0) return { rows, subs: new Map() };
    return { rows, subs: await subscriptionsOf(opts.db, [...new Set(rows.map((r) => r.userId))]) };
  }

  async function sendBatch(claimed: Claimed) {
    const deliveries: Deliveries = { ok: [], failed: [], gone: [] };
    const plans = claimed.rows.map((row) => ({ row, devices: devicesFor(row, claimed.subs.get(row.userId) ?? []) }));
    const jobs = plans.flatMap(({ row, devices }) => (devices ?? []).map((sub) => jobFor(sub, row)));
    const statuses = jobs.length > 0 ? await sender.sendAll(jobs, timeoutMs) : [];
    let at = 0;
    const results = plans.map(({ row, devices }): Result => {
      if (!devices) return { id: row.id, state: "skipped", dueTo: [], attempts: 0 };
      return settle(
        row,
        devices.map((sub) => [sub.id, outcomeOf(statuses[at++])] as const),
        deliveries,
      );
    });
    return { deliveries, results };
  }

  async function record({ deliveries, results }: Awaited<ReturnType<typeof sendBatch>>) {
    await recordDeliveries(opts.db, deliveries, dropAfter);
    const finished = results.filter((r): r is Result & { state: "done" | "skipped" | "failed" } => r.state !== "retry");
    await finishRows(opts.db, finished);
    for (const r of results.filter((x) => x.state === "retry")) {
      await retryRow(opts.db, r.id, backoffMs(r.attempts), r.dueTo);
    }
  }

  /** Batches handed to the sender and not yet recorded, whichever pass claimed them. */
  const withSender = new Set<Promise<void>>();

  /**
   * Claims and hands over batches while the sender has room, and ends once nothing more is due and
   * its last batches are sent, or after a short wait for them: a push service that hangs then holds
   * up only its own pushes, and rows that commit meanwhile are claimed by the next pass (their
   * commit wakes it) and sent beside them. Each batch is claimed while the one before is being
   * sent: under load every database round trip waits its turn, and the sender would otherwise sit
   * idle through them.
   */
  async function drain(): Promise<void> {
    for (;;) {
      while (withSender.size >= BATCHES_WITH_SENDER) await Promise.race(withSender);
      if (stopped) return;
      const claimed = await claim();
      if (claimed.rows.length === 0) return;
      const handed: Promise<void> = sendBatch(claimed)
        .then(record)
        // The lease runs out and the rows are tried again, here or on another instance.
        .catch((err) => opts.log.warn({ err }, "push worker could not record a batch; it will be sent again"))
        .finally(() => withSender.delete(handed));
      withSender.add(handed);
      if (claimed.rows.length < batch) {
        // Rows that commit while these are sent are claimed together by the next pass, unless
        // a slow push service would keep them waiting longer than this.
        await Promise.race([Promise.allSettled([...withSender]), delay(SLOW_SEND_WAIT_MS, undefined, { ref: false })]);
        return;
      }
    }
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(pass, delay);
  }

  function pass() {
    busy = true;
    wokenWhileBusy = false;
    running = drain()
      .then(() => {
        failuresInARow = 0;
        busy = false;
        schedule(wokenWhileBusy ? 0 : pollMs);
      })
      .catch((err) => {
        busy = false;
        // The database is away (restart, failover): keep the process up and try again later.
        failuresInARow += 1;
        if (failuresInARow === 1) opts.log.warn({ err }, "push worker cannot reach the database; retrying");
        schedule(Math.min(30_000, pollMs * 2 ** failuresInARow));
      });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      sender = createPushSender(policy);
      // The thread boots now rather than on the first push, which then goes out at once.
      sender.prepare();
      schedule(0);
    },
    wake() {
      if (stopped || failuresInARow > 0) return;
      // A pass under way may have claimed before these rows committed: another follows it at once.
      if (busy) wokenWhileBusy = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // Sends in flight end (and are tried again later), so their batches are recorded and finish.
      const stopping = sender.stop();
      await running?.catch(() => undefined);
      await Promise.allSettled([...withSender]);
      await stopping;
    },
  };
}
