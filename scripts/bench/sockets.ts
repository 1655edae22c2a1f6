/**
 * DESIGN §7: delivery latency from POST /api/messages to the other party's socket, with 1,000
 * sockets open over two app instances (real processes) on one PostgreSQL. Budget: p99 < 50 ms.
 *
 * Alone: `npx tsx scripts/bench/sockets.ts [--sockets 1000] [--messages 1000] [--rate 50]` against
 * TEST_DATABASE_URL's server (else postgres://postgres@127.0.0.1:5432/postgres) in a fresh database
 * it creates and drops. Prints one JSON line.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sign } from "@fastify/cookie";
import pg from "pg";
import { root, runNode } from "../lib/processes";
import { type AppInstance, startAppInstance } from "./app-instance";
import {
  type BenchUser,
  type Held,
  messageTraffic,
  openSockets,
  type SocketBenchResult,
  sleep,
  summarise,
} from "./socket-traffic";
import { BENCH_APPLICATION, watchWork } from "./work.mjs";

export type SocketBenchOptions = {
  /** A migrated (or empty) CrewSwap database; bench users are added and removed again. */
  databaseUrl?: string;
  /** Server to create a throw-away database on when no databaseUrl is given. */
  adminUrl?: string;
  sockets?: number;
  messages?: number;
  /** Messages posted per second, spread evenly (open loop: a slow answer does not slow the sender). */
  rate?: number;
  warmup?: number;
  log?: (line: string) => void;
};

const startInstance = (databaseUrl: string, sessionSecret: string, dataDir: string): Promise<AppInstance> =>
  startAppInstance(
    { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SESSION_SECRET: sessionSecret },
    { keepBytes: 10_000, timeoutMs: 120_000 },
  );

async function stopInstance(instance: AppInstance | undefined): Promise<void> {
  await instance?.stop(20_000);
}

async function createDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `crewswap_bench_sockets_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      for (let attempt = 1; ; attempt += 1) {
        const c = new pg.Client({ connectionString: adminUrl });
        try {
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          return;
        } catch (err) {
          if (attempt >= 3) throw err;
          await sleep(1000);
        } finally {
          await c.end().catch(() => undefined);
        }
      }
    },
  };
}

/** Users, signed sessions, a future shift each for the senders, and one request per pair. */
async function seed(db: pg.Client, pairs: number, secret: string, tag: string) {
  const n = pairs * 2;
  const users = await db.query<{ id: number }>(
    `insert into users (username, email, password, first_name, last_name, clinical_grade, paramedic_base, hub)
     select 'bench-' || $1 || '-' || i || '@nhs.net', 'bench-' || $1 || '-' || i || '@nhs.net', 'unused',
            'Bench', 'User ' || i, 'paramedic', 'Dudley', 'Dudley Hub'
     from generate_series(1, $2::int) as i
     order by i
     returning id`,
    [tag, n],
  );
  const ids = users.rows.map((r) => r.id).sort((a, b) => a - b);
  const sids = ids.map(() => randomBytes(32).toString("base64url"));
  await db.query(
    `insert into sessions (sid, sess, expire, user_id)
     select encode(sha256(convert_to(s.sid, 'UTF8')), 'hex'), json_build_object('userId', s.uid), now() + interval '1 day', s.uid
     from unnest($1::text[], $2::int[]) as s(sid, uid)`,
    [sids, ids],
  );
  const senders = ids.slice(0, pairs);
  const receivers = ids.slice(pairs);
  const requests = await db.query<{ id: number; requester_id: number }>(
    `with sh as (
       insert into shifts (user_id, date, shift_type, start_time, end_time)
       select uid, current_date + 30, 'day', '07:00', '19:00' from unnest($1::int[]) as uid
       returning id, user_id
     )
     insert into swap_requests (requester_id, responder_id, requester_shift_id, status)
     select sh.user_id, p.receiver, sh.id, 'pending'
     from sh join unnest($1::int[], $2::int[]) as p(sender, receiver) on p.sender = sh.user_id
     returning id, requester_id`,
    [senders, receivers],
  );
  const requestBySender = new Map(requests.rows.map((r) => [r.requester_id, r.id]));
  const toUser = (id: number, i: number): BenchUser => ({
    id,
    cookie: `sid=${encodeURIComponent(sign(sids[i], secret))}`,
  });
  const all = ids.map(toUser);
  return {
    senders: all.slice(0, pairs),
    receivers: all.slice(pairs),
    requestIdOf: (senderId: number) => requestBySender.get(senderId) as number,
    cleanup: () => db.query("delete from users where id = any($1::int[])", [ids]),
  };
}

/** The handshake ends before the session is checked: probe until every socket is registered. */
async function waitUntilRegistered(db: pg.Client, held: Held[]) {
  const deadline = Date.now() + 60_000;
  while (held.some((h) => h.probes === 0)) {
    if (Date.now() > deadline) throw new Error("sockets never became ready");
    const waiting = held.filter((h) => h.probes === 0).map((h) => h.userId);
    for (let i = 0; i < waiting.length; i += 500) {
      const to = waiting.slice(i, i + 500);
      const event = { type: "SWAP_UPDATED", payload: { swapRequestId: -1 } };
      await db.query("select pg_notify('crewswap_events', $1)", [JSON.stringify({ to, event })]);
    }
    await sleep(300);
  }
}

export async function benchSocketDelivery(opts: SocketBenchOptions = {}): Promise<SocketBenchResult> {
  const log = opts.log ?? ((line: string) => console.error(`[bench:sockets] ${line}`));
  const socketCount = opts.sockets ?? 1000;
  const pairs = Math.max(1, Math.floor(socketCount / 2));
  const messageCount = opts.messages ?? 1000;
  const rate = opts.rate ?? 50;
  const warmup = opts.warmup ?? 100;
  const secret = randomBytes(36).toString("base64url");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-bench-sockets-"));

  let created: { url: string; drop: () => Promise<void> } | undefined;
  let a: AppInstance | undefined;
  let b: AppInstance | undefined;
  let db: pg.Client | undefined;
  let cleanup: (() => Promise<unknown>) | undefined;
  const held: Held[] = [];
  try {
    let databaseUrl = opts.databaseUrl;
    if (!databaseUrl) {
      const adminUrl = opts.adminUrl ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
      created = await createDatabase(adminUrl);
      databaseUrl = created.url;
    }
    log("starting two app instances");
    a = await startInstance(databaseUrl, secret, path.join(dataDir, "a"));
    b = await startInstance(databaseUrl, secret, path.join(dataDir, "b"));

    db = new pg.Client({ connectionString: databaseUrl, application_name: BENCH_APPLICATION });
    await db.connect();
    const seeded = await seed(db, pairs, secret, randomBytes(4).toString("hex"));
    cleanup = seeded.cleanup;

    // Senders hold their sockets on A (they get their own echo), receivers on B.
    log(`opening ${pairs * 2} sockets`);
    const onA = a;
    const receiverSockets = await openSockets(seeded, a.baseUrl, b.baseUrl, held);
    await waitUntilRegistered(db, held);

    const { run, delivery, post } = messageTraffic({
      baseUrl: onA.baseUrl,
      senders: seeded.senders,
      receiverSockets,
      requestIdOf: seeded.requestIdOf,
      pairs,
      rate,
    });

    log(`warming up with ${warmup} messages`);
    await run(warmup, false);
    log(`measuring ${messageCount} messages at ${rate} per second`);
    // What a message costs both instances and their database: the POST, the event, both sockets.
    const watch = await watchWork({ serverPids: [a.pid, b.pid], dbUrl: databaseUrl });
    const started = performance.now();
    await run(messageCount, true);
    const seconds = (performance.now() - started) / 1000;
    const work = await watch.stop(messageCount);

    return { ...summarise(delivery, post, held.length, rate, seconds), work };
  } finally {
    for (const h of held) h.ws.terminate();
    await Promise.all([stopInstance(a), stopInstance(b)]);
    if (cleanup && !created) await cleanup().catch(() => undefined);
    await db?.end().catch(() => undefined);
    await created?.drop().catch((err) => log(`could not drop the bench database: ${err.message}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function argValue(name: string): number | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The app runs compiled, as `npm start` runs it: build it first if it is out of date.
  await runNode(path.join(root, "scripts/ensure-build.mjs"), []);
  benchSocketDelivery({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    sockets: argValue("sockets"),
    messages: argValue("messages"),
    rate: argValue("rate"),
  })
    .then((result) => {
      console.log(JSON.stringify(result));
      process.exit(0);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
