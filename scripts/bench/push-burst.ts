// Reads while pushes fan out (issue: notifications, DESIGN §7): the bench's own server process,
// with VAPID keys, sends bursts of N pushes (one event per recipient, each to its own subscription
// on a local receiver that decrypts every push) while a read family runs at its paced rate against
// the same process. Reports the read p99 during the bursts beside the same family's p99 without
// them, and the bursts' commit → push latency, losses and doubles.
import { setTimeout as delay } from "node:timers/promises";
import pg from "pg";
import { connect, type Db } from "../../server/db/open";
import { recordNotifications } from "../../server/notifications/record";
import { type Arrived, ReceiverProcess } from "./push-receiver-process";

type Load = { p99: number | null; p50: number | null; achievedRate: number; errors: number; non2xx: number };
type Request = { method: string; path: string; headers?: Record<string, string>; body?: string };
/** A burst's events, one per subscribed responder: the request and who made it. */
type Planned = { swapRequestId: number; actorId: number }[];

/** A burst: a new request addressed to each subscribed responder. */
const burstEvents = (planned: Planned) => planned.map((event) => ({ kind: "request_received" as const, ...event }));

export type BurstReads = {
  family: string;
  /** Events per burst. */
  events: number;
  bursts: number;
  read: Load;
  /** The same family's p99 in the run without the burst, for the ratio. */
  quietP99: number | null;
  push: { p50Ms: number; p99Ms: number; maxMs: number; lost: number; doubled: number; seconds: number };
};

/** Bursts sent, unmeasured, before the first measured one (see warmUp). */
const WARM_UP_BURSTS = 3;

/**
 * One burst every five seconds of the reads' run: three in the fifteen seconds of the run without
 * pushes that they are compared with. Their share of the run stays what one burst's was in a
 * five-second run, and a one-off stall of the machine weighs on the p99 as little as it does in the
 * run without pushes.
 */
const BURST_EVERY_S = 5;

/**
 * The first burst commits a second into the reads' run, not at its first request: the load
 * generator opens its 64 connections then, and a burst on top of that measured the two together.
 */
const FIRST_BURST_AT_S = 1;

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Subscriptions for the responders of N open requests, on the receiver; returns the events to send. */
async function subscribe(pool: pg.Pool, receiver: ReceiverProcess, events: number) {
  const { rows } = await pool.query<{ id: number; requester_id: number; responder_id: number }>(
    `select distinct on (responder_id) id, requester_id, responder_id from swap_requests
     where responder_id is not null order by responder_id, id limit $1`,
    [events],
  );
  const subs = await receiver.subscribe(rows.map((r) => `u${r.responder_id}`));
  for (const [i, r] of rows.entries()) {
    const sub = subs[i];
    await pool.query(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)
       on conflict do nothing`,
      [r.responder_id, sub.endpoint, sub.keys.p256dh, sub.keys.auth],
    );
  }
  return rows.map((r) => ({ swapRequestId: r.id, actorId: r.requester_id }));
}

/**
 * Unmeasured bursts first, as a server that has been up a while has sent. The reads beside each
 * burst run on a server whose read paths the quiet phase has already warmed; the push path needs the
 * same: on the bench machine the sender's thread took 600 ms of CPU for its first thousand pushes,
 * 360 for the second and about 300 from the third on, as V8 optimised it. With one short warm-up,
 * the first family was measured against a half-warm sender and came out worst in every run.
 */
async function warmUp(db: Db, receiver: ReceiverProcess, planned: Planned, log: (m: string) => void) {
  log(`warming the push path with ${WARM_UP_BURSTS} bursts of ${planned.length} pushes …`);
  for (let i = 0; i < WARM_UP_BURSTS; i++) {
    await receiver.reset();
    await db.transaction((tx) => recordNotifications(tx, burstEvents(planned)));
    if (!(await receiver.waitForArrivals(planned.length, 60_000))) throw new Error("a warm-up burst was not delivered");
  }
  await receiver.reset();
}

/**
 * Every burst leaves a few thousand dead rows in the outbox and the subscriptions, and the import
 * phase before it tens of thousands in the shifts (each roster is imported several times, and every
 * import after the first updates all its rows), the availability and the change log. A production
 * PostgreSQL's autovacuum clears them within a minute or so. The bench's PostgreSQL may have
 * autovacuum off (a CI machine's often has): the bench then vacuums those tables itself before each
 * burst, or each burst would be measured against all the dead rows of what ran before it. With the
 * import's left in place, the reads beside the burst failed their budget in all eight runs of one
 * day that had imported first (p99 37–347 ms), and passed in all five that had not. The product's
 * queries are not changed for this; vacuuming is the database's own upkeep.
 */
async function vacuum(pool: pg.Pool) {
  await pool.query(
    "vacuum (analyze) notification_outbox, push_subscriptions, shifts, user_availability, change_log, swap_requests, users, sessions",
  );
}

/**
 * Push latencies of one burst: the first arrival of each of its events after its commit, and
 * those that never came or came twice. Pushes are attributed to the burst whose window (from its
 * commit to the next one's) they arrived in: one burst's last push comes within a second, the next
 * burst commits five seconds after it.
 */
function pushesOfBurst(received: Arrived[], tags: string[], from: number, to: number, committedAt: number) {
  const seen = new Map<string, number[]>();
  for (const r of received) {
    if (r.at < from || r.at >= to) continue;
    seen.set(r.tag, [...(seen.get(r.tag) ?? []), r.at]);
  }
  return {
    latencies: tags.flatMap((tag) => (seen.get(tag) ?? []).slice(0, 1).map((at) => at - committedAt)),
    lost: tags.filter((tag) => !seen.has(tag)).length,
    doubled: [...seen.values()].filter((v) => v.length > 1).length,
  };
}

type Uncommitted = { commit: () => Promise<void> };

/**
 * Records a burst's events in a transaction that stays open until `commit()` is called: the rows
 * are written, and invisible to the push worker, until then. The NOTIFY that wakes it is sent at
 * the commit, as for any change.
 */
async function recordUncommitted(db: Db, planned: Planned): Promise<Uncommitted> {
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
async function recordBursts(db: Db, planned: Planned, bursts: number) {
  const settled = await Promise.allSettled(Array.from({ length: bursts }, () => recordUncommitted(db, planned)));
  const failed = settled.find((r) => r.status === "rejected");
  if (!failed) return settled.map((r) => (r as PromiseFulfilledResult<Uncommitted>).value);
  for (const r of settled) if (r.status === "fulfilled") await r.value.commit();
  throw failed.reason;
}

export async function benchReadsDuringPushBurst(opts: {
  dbUrl: string;
  families: { name: string; rate: number; requests: Request[]; quietP99: number | null }[];
  events: number;
  /** The reads' run, in seconds: as long as the run without pushes it is compared with. */
  duration: number;
  drive: (rate: number, requests: Request[], o: { duration: number; warmup: number }) => Promise<Load>;
  log: (m: string) => void;
}): Promise<BurstReads[]> {
  // Decrypted after each run (every push still is): see PushReceiver.
  const receiver = await ReceiverProcess.start();
  const pool = new pg.Pool({ connectionString: opts.dbUrl, max: 4 });
  const bursts = Math.max(1, Math.floor(opts.duration / BURST_EVERY_S));
  // A connection per burst, each holding its burst's transaction open until its moment, and one more.
  const database = await connect(opts.dbUrl, bursts + 1);
  const out: BurstReads[] = [];
  try {
    const planned = await subscribe(pool, receiver, opts.events);
    const tags = planned.map((e) => `swap-${e.swapRequestId}`);
    await warmUp(database.db, receiver, planned, opts.log);
    for (const f of opts.families) {
      await vacuum(pool);
      await receiver.reset();
      opts.log(
        `${f.name} at ${f.rate} req/s for ${opts.duration} s while ${bursts} bursts of ${planned.length} pushes fan out …`,
      );
      // Each burst's events commit together, so all of them are due at one moment: the hardest case
      // for the fan-out's latency. Committing them one by one from many connections measured this
      // machine's commit rate instead: with the push worker off, the reads beside it alone broke
      // their budget (docs/benchmarks.md). Each burst's events are recorded, in a transaction
      // of its own, before the reads start, and only its commit falls at its moment in the run: in
      // the product the thousand changes that record them are spread over their own requests, and
      // here recording them (the bench's objects, the insert of a thousand rows) took both cores
      // from the reads at each burst.
      const windows: { from: number; committedAt: number }[] = [];
      const recorded = await recordBursts(database.db, planned, bursts);
      const commitBursts = async () => {
        const first = performance.now();
        for (const [k, burst] of recorded.entries()) {
          await delay(Math.max(0, first + (FIRST_BURST_AT_S + k * BURST_EVERY_S) * 1000 - performance.now()));
          const from = Date.now();
          await burst.commit();
          windows.push({ from, committedAt: Date.now() });
        }
      };
      const started = performance.now();
      // The reads need no warm-up (the pool and the read paths are warm from the run without
      // pushes); the bursts come every five seconds through the run.
      const [read] = await Promise.all([
        opts.drive(f.rate, f.requests, { duration: opts.duration, warmup: 0 }),
        commitBursts(),
      ]);
      await receiver.waitForArrivals(bursts * planned.length, 60_000);
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      const { received } = await receiver.results();
      const per = windows.map((w, k) =>
        pushesOfBurst(received, tags, w.from, windows[k + 1]?.from ?? Number.POSITIVE_INFINITY, w.committedAt),
      );
      const latencies = per.flatMap((b) => b.latencies).sort((a, b) => a - b);
      out.push({
        family: f.name,
        events: planned.length,
        bursts,
        read,
        quietP99: f.quietP99,
        push: {
          p50Ms: pct(latencies, 50),
          p99Ms: pct(latencies, 99),
          maxMs: latencies[latencies.length - 1] ?? 0,
          lost: per.reduce((n, b) => n + b.lost, 0),
          doubled: per.reduce((n, b) => n + b.doubled, 0),
          seconds,
        },
      });
    }
  } finally {
    await pool.query("delete from push_subscriptions where endpoint like $1", [`${receiver.origin}%`]).catch(() => {});
    await pool.query("delete from notification_outbox").catch(() => {});
    await pool.end();
    await database.close();
    await receiver.stop();
  }
  return out;
}
