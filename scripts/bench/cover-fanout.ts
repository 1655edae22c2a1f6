// Cover alerts fanning out (issue 36, DESIGN §7): open requests made through the app's own route
// (POST /api/swap-requests with no responder), each alerting the 300 or more colleagues of the
// scenario (cover-scenario.ts), every one of them subscribed on the stand-in push service; while a
// read family runs at its rate against the same server. Reports, per request, commit → last push
// (timed from when the request was sent: its commit comes before its answer, so this is an upper
// bound), every push accounted for as the push burst's are, and the reads' p99 (cover-alerts.ts
// compares it with the same reads run just before, without the fan-out).
import { setTimeout as delay } from "node:timers/promises";
import type pg from "pg";
import type { Scenario } from "./cover-scenario";
import { noteRequest } from "./cover-scenario";
import type { Load, Work, WorkTarget } from "./drive";
import { type Arrival, accountBurst, type PushAccount, sumAccounts } from "./push-accounting";
import { keyOf, lastOutboxId, outboxSettled, outboxStates } from "./push-burst-plan";
import type { ReceiverProcess } from "./push-receiver-process";
import { watchWork } from "./work.mjs";

type Request = { method: string; path: string; headers?: Record<string, string>; body?: string };
export type SignedRequester = { id: number; shiftId: number; cookie: string };

/** One request every five seconds of the reads' run, the first one second in (as the push burst). */
const EVERY_S = 5;
const FIRST_AT_S = 1;
const WINDOW_MS = EVERY_S * 1000;
const GRACE_MS = 60_000;

export type CoverRequestFigure = { id: number; alerted: number; pushed: number; answerMs: number; lastPushMs: number };

export type CoverRun = {
  family: string | null;
  read: Load | null;
  quietP99: number | null;
  /** The same reads without the fan-out, run just before it (cover-alerts.ts). */
  before?: Load | null;
  requests: CoverRequestFigure[];
  push: PushAccount;
  /** When asked for (a run with no reads beside it): the work per alert, from the first request to the last push. */
  work?: Work;
};

/** Makes an open request for the requester's shift, as the app's screen does. */
async function openRequest(baseUrl: string, r: SignedRequester) {
  const sentAt = Date.now();
  const res = await fetch(`${baseUrl}/api/swap-requests`, {
    method: "POST",
    headers: { cookie: r.cookie, origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ requesterShiftId: r.shiftId, status: "pending" }),
  });
  const text = await res.text();
  if (res.status < 200 || res.status > 299) throw new Error(`an open request answered ${res.status}: ${text}`);
  return { id: (JSON.parse(text) as { id: number }).id, sentAt, answerMs: Date.now() - sentAt };
}

/** The run's pushes from both ends, per request: arrivals on the stand-in and the outbox's rows. */
async function accountRequests(
  pool: pg.Pool,
  receiver: ReceiverProcess,
  made: { id: number; sentAt: number; answerMs: number }[],
  subscribed: Set<number>,
  since: number,
) {
  const outbox = await outboxStates(pool, since);
  const keysOf = (id: number) =>
    [...outbox.values()]
      .filter(
        (o) => o.key.endsWith(`|cover-${id}`) && o.state !== "capped" && subscribed.has(Number(o.key.split("|")[0])),
      )
      .map((o) => o.key);
  const total = made.reduce((n, m) => n + keysOf(m.id).length, 0);
  const deadline = Date.now() + GRACE_MS;
  await receiver.waitForDistinct(total, GRACE_MS);
  await outboxSettled(pool, since, deadline);
  const endedAt = Date.now();
  const { deliveries } = await receiver.deliveries();
  const arrivals: Arrival[] = deliveries.map((d) => ({
    key: keyOf(Number(d.name.slice(1)), d.topic),
    at: d.at,
    decrypted: d.decrypted,
  }));
  const settled = await outboxStates(pool, since);
  const { rows } = await pool.query<{ id: number; n: number }>(
    "select swap_request_id as id, count(*)::int as n from cover_alerts where swap_request_id = any($1::int[]) group by 1",
    [made.map((m) => m.id)],
  );
  const accounts = made.map((m) =>
    accountBurst({ keys: keysOf(m.id), committedAt: m.sentAt }, arrivals, settled, WINDOW_MS, endedAt),
  );
  const requests = made.map((m, i) => ({
    id: m.id,
    alerted: rows.find((r) => r.id === m.id)?.n ?? 0,
    pushed: accounts[i].events,
    answerMs: m.answerMs,
    lastPushMs: accounts[i].latencies[accounts[i].latencies.length - 1] ?? 0,
  }));
  return { requests, push: sumAccounts(accounts) };
}

/** A subscription on the stand-in for each colleague, as `u<id>`. */
export async function subscribeColleagues(pool: pg.Pool, receiver: ReceiverProcess, ids: number[]) {
  const subs = await receiver.subscribe(ids.map((id) => `u${id}`));
  await pool.query(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth)
     select * from unnest($1::int[], $2::text[], $3::text[], $4::text[]) on conflict do nothing`,
    [ids, subs.map((s) => s.endpoint), subs.map((s) => s.keys.p256dh), subs.map((s) => s.keys.auth)],
  );
}

/** The tables each request writes, vacuumed before a run and before the reads it is compared with. */
export async function vacuumOutbox(pool: pg.Pool) {
  await pool.query("vacuum (analyze) notification_outbox, cover_alerts, swap_requests");
}

/**
 * One run: `requesters.length` open requests, one every five seconds, while `family` (if any) is
 * read at its rate for `duration` seconds.
 */
export async function coverFanoutRun(opts: {
  baseUrl: string;
  pool: pg.Pool;
  receiver: ReceiverProcess;
  scenario: Scenario;
  subscribed: Set<number>;
  requesters: SignedRequester[];
  family: { name: string; rate: number; requests: Request[]; quietP99: number | null } | null;
  duration: number;
  /**
   * Seconds the reads run before their measured window, as the run without cover alerts they are
   * compared with does; the requests fall in the window that follows.
   */
  warmup: number;
  /** Drives the reads, counting the work of their window (and how busy the machine was). */
  drive: (rate: number, requests: Request[], o: { duration: number; warmup: number }) => Promise<Load>;
  /** Counts the run's work on these processes, per alert made. */
  work?: WorkTarget;
}): Promise<CoverRun> {
  const { pool, receiver } = opts;
  await vacuumOutbox(pool);
  await receiver.reset();
  const since = await lastOutboxId(pool);
  const watch = opts.work ? await watchWork(opts.work) : null;
  const made: { id: number; sentAt: number; answerMs: number }[] = [];
  const warmup = opts.family ? opts.warmup : 0;
  const first = performance.now() + warmup * 1000;
  const requests = async () => {
    for (const [k, r] of opts.requesters.entries()) {
      await delay(Math.max(0, first + (FIRST_AT_S + k * EVERY_S) * 1000 - performance.now()));
      const m = await openRequest(opts.baseUrl, r);
      await noteRequest(pool, m.id, opts.scenario.day);
      made.push(m);
    }
  };
  const [read] = await Promise.all([
    opts.family ? opts.drive(opts.family.rate, opts.family.requests, { duration: opts.duration, warmup }) : null,
    requests(),
  ]);
  const { requests: figures, push } = await accountRequests(pool, receiver, made, opts.subscribed, since);
  const work = await watch?.stop(figures.reduce((n, r) => n + r.alerted, 0));
  return {
    family: opts.family?.name ?? null,
    read,
    quietP99: opts.family?.quietP99 ?? null,
    requests: figures,
    push,
    ...(work ? { work } : {}),
  };
}
