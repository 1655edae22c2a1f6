// Reads while pushes fan out (issue: notifications, DESIGN §7): the bench's own server process,
// with VAPID keys, sends bursts of N pushes (one event per recipient, each to its own subscription
// on a local receiver that decrypts every push) while a read family runs at its paced rate against
// the same process. Reports the read p99 during the bursts beside the same family's p99 without
// them, and the bursts' commit → push latency, with what became of every push (push-accounting.ts).
import { setTimeout as delay } from "node:timers/promises";
import pg from "pg";
import { connect, type Db } from "../../server/db/open";
import { recordNotifications } from "../../server/notifications/record";
import type { Work, WorkTarget } from "./drive";
import { type Arrival, accountBurst, describeAccount, type PushAccount, sumAccounts } from "./push-accounting";
import {
  burstEvents,
  eventKey,
  keyOf,
  lastOutboxId,
  outboxSettled,
  outboxStates,
  type PlannedEvent,
  planBursts,
  recordBursts,
  subscribeRecipients,
  type Uncommitted,
} from "./push-burst-plan";
import { ReceiverProcess } from "./push-receiver-process";
import { BENCH_APPLICATION, watchWork } from "./work.mjs";

type Load = { p99: number | null; p50: number | null; achievedRate: number; errors: number; non2xx: number };
type Request = { method: string; path: string; headers?: Record<string, string>; body?: string };
/** A burst's events: a new request for each recipient, made by the request's other party. */
type Planned = PlannedEvent[];

/** What became of the pushes (push-accounting.ts), without the latencies. */
export type PushAccounting = Omit<PushAccount, "latencies">;

export type BurstReads = {
  family: string;
  /** Events per burst. */
  events: number;
  bursts: number;
  read: Load;
  /** The same family's p99 in the run without the burst, for the ratio. */
  quietP99: number | null;
  /**
   * `lost` and `doubled` are real losses (accepted or given up and never arrived, or undecryptable)
   * and real double sends (a second arrival with no second claim); `accounting` has the rest.
   */
  push: {
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    lost: number;
    doubled: number;
    seconds: number;
    accounting: PushAccounting;
  };
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

/**
 * Unmeasured bursts first, as a server that has been up a while has sent. The reads beside each
 * burst run on a server whose read paths the quiet phase has already warmed; the push path needs the
 * same: on the bench machine the sender's thread took 600 ms of CPU for its first thousand pushes,
 * 360 for the second and about 300 from the third on, as V8 optimised it. With one short warm-up,
 * the first family was measured against a half-warm sender and came out worst in every run.
 */
async function warmUp(
  db: Db,
  pool: pg.Pool,
  receiver: ReceiverProcess,
  planned: Planned,
  log: (m: string) => void,
  target?: WorkTarget,
): Promise<Work | null> {
  log(`warming the push path with ${WARM_UP_BURSTS} bursts of ${planned.length} pushes …`);
  let watch: Awaited<ReturnType<typeof watchWork>> | null = null;
  let work: Work | null = null;
  for (let i = 0; i < WARM_UP_BURSTS; i++) {
    await receiver.reset();
    const since = await lastOutboxId(pool);
    // The bursts after the first, with nothing else running, are what a push costs: recording its
    // event, claiming it, encrypting and sending it, and marking it sent.
    if (i === 1 && target) watch = await watchWork(target);
    await db.transaction((tx) => recordNotifications(tx, burstEvents(planned)));
    if (!(await receiver.waitForDistinct(planned.length, GRACE_MS)))
      throw new Error("a warm-up burst was not delivered");
    // A push sent again after a timeout must not arrive in the measured run.
    await outboxSettled(pool, since, Date.now() + GRACE_MS);
  }
  if (watch) work = await watch.stop(planned.length * (WARM_UP_BURSTS - 1));
  await receiver.reset();
  return work;
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
 * A push is on time when it arrives within this long of its burst's commit: by then the next burst
 * commits. One that comes later is late, not lost.
 */
const WINDOW_MS = BURST_EVERY_S * 1000;

/**
 * How long after the reads the bench waits for pushes still to come and for the outbox to finish
 * with them: a push whose sender timed out (10 s) is claimed and sent again a second or so later.
 */
const GRACE_MS = 60_000;

/**
 * Waits (up to GRACE_MS) for every event's push and for the outbox to finish with them, then puts
 * the two ends side by side: the receiver's arrivals and the outbox's claims per event.
 */
async function accountPushes(
  pool: pg.Pool,
  receiver: ReceiverProcess,
  plans: Planned[],
  committedAt: number[],
  since: number,
): Promise<PushAccount> {
  const total = plans.reduce((n, p) => n + p.length, 0);
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
  const outbox = await outboxStates(pool, since);
  const accounts = plans.map((planned, k) =>
    accountBurst({ keys: planned.map(eventKey), committedAt: committedAt[k] }, arrivals, outbox, WINDOW_MS, endedAt),
  );
  return sumAccounts(accounts);
}

function withoutLatencies(a: PushAccount): PushAccounting {
  const { latencies: _, ...rest } = a;
  return rest;
}

/** Commits each recorded burst at its moment in the run, noting when each went. */
async function commitBursts(recorded: Uncommitted[], committedAt: number[], warmup: number): Promise<void> {
  const first = performance.now() + warmup * 1000;
  for (const [k, burst] of recorded.entries()) {
    await delay(Math.max(0, first + (FIRST_BURST_AT_S + k * BURST_EVERY_S) * 1000 - performance.now()));
    await burst.commit();
    committedAt.push(Date.now());
  }
}

export async function benchReadsDuringPushBurst(opts: {
  dbUrl: string;
  /** The server sending the pushes, whose work per push is counted during the warm-up. */
  work?: WorkTarget;
  families: { name: string; rate: number; requests: Request[]; quietP99: number | null }[];
  events: number;
  /** The reads' run, in seconds: as long as the run without pushes it is compared with. */
  duration: number;
  /** Seconds the reads run before their measured window, as in the run without pushes; the bursts come after. */
  warmup: number;
  drive: (rate: number, requests: Request[], o: { duration: number; warmup: number }) => Promise<Load>;
  log: (m: string) => void;
}): Promise<{ runs: BurstReads[]; workPerPush: Work | null }> {
  // Decrypted after each run (every push still is): see PushReceiver.
  const receiver = await ReceiverProcess.start();
  const pool = new pg.Pool({ connectionString: opts.dbUrl, max: 4, application_name: BENCH_APPLICATION });
  const bursts = Math.max(1, Math.floor(opts.duration / BURST_EVERY_S));
  // A connection per burst, each holding its burst's transaction open until its moment, and one more.
  const database = await connect(opts.dbUrl, bursts + 1);
  const out: BurstReads[] = [];
  let workPerPush: Work | null = null;
  try {
    const plans = await planBursts(pool, bursts, opts.events);
    const events = plans[0].length;
    await subscribeRecipients(pool, receiver, plans);
    workPerPush = await warmUp(database.db, pool, receiver, plans[0], opts.log, opts.work);
    for (const f of opts.families) {
      await vacuum(pool);
      await receiver.reset();
      opts.log(
        `${f.name} at ${f.rate} req/s for ${opts.duration} s while ${bursts} bursts of ${events} pushes fan out …`,
      );
      // Each burst's events commit together, so all of them are due at one moment: the hardest case
      // for the fan-out's latency. Committing them one by one from many connections measured this
      // machine's commit rate instead: with the push worker off, the reads beside it alone broke
      // their budget (docs/benchmarks.md). Each burst's events are recorded, in a transaction
      // of its own, before the reads start, and only its commit falls at its moment in the run: in
      // the product the thousand changes that record them are spread over their own requests, and
      // here recording them (the bench's objects, the insert of a thousand rows) took both cores
      // from the reads at each burst.
      const since = await lastOutboxId(pool);
      const committedAt: number[] = [];
      const recorded = await recordBursts(database.db, plans);
      const started = performance.now();
      // The reads warm up as in the run without pushes they are compared with: the load process
      // and its connections are new, and their first half second was slower whatever ran beside
      // them (docs/benchmarks.md). The bursts come every five seconds of the measured window.
      const [read] = await Promise.all([
        opts.drive(f.rate, f.requests, { duration: opts.duration, warmup: opts.warmup }),
        commitBursts(recorded, committedAt, opts.warmup),
      ]);
      const push = await accountPushes(pool, receiver, plans, committedAt, since);
      opts.log(`${f.name}: ${describeAccount(push, WINDOW_MS)}`);
      out.push({
        family: f.name,
        events,
        bursts,
        read,
        quietP99: f.quietP99,
        push: {
          p50Ms: pct(push.latencies, 50),
          p99Ms: pct(push.latencies, 99),
          maxMs: push.latencies[push.latencies.length - 1] ?? 0,
          lost: push.lost + push.undecryptable,
          doubled: push.doubleSent,
          seconds: Math.round((performance.now() - started) / 100) / 10,
          accounting: withoutLatencies(push),
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
  return { runs: out, workPerPush };
}
