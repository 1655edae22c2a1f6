// Notifications burst (DESIGN §7): N events, each to its own user's subscription on a local push
// receiver that decrypts every push, fanned out by two app instances on one database.
// Measures commit → push request latency and checks that no event is lost or sent twice.
// The instances are two `npm start` processes (the compiled server), as an operator would run
// them; this process only commits the events and receives the pushes.
//   npx tsx scripts/bench/notifications.ts [--events 1000] [--database-url postgres://…/postgres]
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import webpush from "web-push";
import { addDays, todayInLondon } from "../../common/dates";
import { connect, runMigrations } from "../../server/db/open";
import { recordNotification } from "../../server/notifications/record";
import { PushReceiver } from "../../tests/api/helpers/push-receiver";
import { type Proc, root, runNode } from "../lib/processes";
import { startAppInstance } from "./app-instance";
import type { Work } from "./drive";
import { type Arrival, accountBurst, describeAccount, type PushAccount, sumAccounts } from "./push-accounting";
import { keyOf, outboxSettled, outboxStates } from "./push-burst-plan";
import { watchWork } from "./work.mjs";

export type NotificationBench = {
  events: number;
  instances: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Real losses and real double sends; `accounting` tells them from late pushes and resends after a timeout. */
  lost: number;
  doubled: number;
  seconds: number;
  accounting: Omit<PushAccount, "latencies">;
  /** Per event: both instances' CPU and the database's, recording included (scripts/bench/work.mjs). */
  work: Work;
};

/** On time within this long of its commit; the wait for late pushes and resends ends this long after the last. */
const WINDOW_MS = 5000;
const GRACE_MS = 60_000;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function startInstance(databaseUrl: string, vapid: { publicKey: string; privateKey: string }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-bench-notify-"));
  const proc = await startAppInstance({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret-01",
    PUSH_ALLOW_INSECURE: "true",
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  });
  return { proc, dataDir };
}

/** Users 1..N each with one device, user 0 the sender; one request per recipient. */
async function setUpRecipients(pool: pg.Pool, receiver: PushReceiver, n: number) {
  const date = addDays(todayInLondon(), 10);
  await pool.query(
    `insert into users (username, email, password, first_name, last_name)
     select 'bench' || i || '@nhs.net', 'bench' || i || '@nhs.net', 'x', 'Bench', 'User ' || i
     from generate_series(0, $1::int) i`,
    [n],
  );
  const users = (await pool.query<{ id: number }>("select id from users order by id")).rows.map((r) => r.id);
  const sender = users[0];
  await pool.query(
    `insert into shifts (user_id, date, shift_type, start_time, end_time)
     select $1, ($2::date + i), 'day', '07:00', '19:00' from generate_series(1, $3::int) i`,
    [sender, date, n],
  );
  const shifts = (await pool.query<{ id: number }>("select id from shifts order by id")).rows.map((r) => r.id);
  const requests: number[] = [];
  const userOfEndpoint = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const { rows } = await pool.query<{ id: number }>(
      "insert into swap_requests (requester_id, responder_id, requester_shift_id) values ($1, $2, $3) returning id",
      [sender, users[i + 1], shifts[i]],
    );
    requests.push(rows[0].id);
    const sub = receiver.subscription(`u${users[i + 1]}`).json;
    userOfEndpoint.set(sub.endpoint, users[i + 1]);
    await pool.query("insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)", [
      users[i + 1],
      sub.endpoint,
      sub.keys.p256dh,
      sub.keys.auth,
    ]);
  }
  return { sender, users, requests, userOfEndpoint };
}

/** Every push that came, decrypted or not, keyed by its recipient and topic. */
function arrivalsOf(receiver: PushReceiver, userOfEndpoint: Map<string, number>): Arrival[] {
  return [
    ...receiver.received.map((r) => ({
      key: keyOf(userOfEndpoint.get(r.subscription) ?? 0, r.topic ?? ""),
      at: r.at,
      decrypted: r.payload.tag === r.topic,
    })),
    ...receiver.undecrypted.map((u) => ({
      key: keyOf(userOfEndpoint.get(u.subscription) ?? 0, u.topic ?? ""),
      at: u.at,
      decrypted: false,
    })),
  ];
}

export async function benchNotifications(opts: { serverUrl: string; events: number }): Promise<NotificationBench> {
  const admin = new pg.Client({ connectionString: opts.serverUrl });
  await admin.connect();
  const name = `crewswap_bench_notify_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${name}`);
  const url = new URL(opts.serverUrl);
  url.pathname = `/${name}`;
  // Every push is decrypted once the burst is over, as in the push-burst bench: a real push service
  // keeps the ciphertext and the device decrypts it elsewhere, and decrypting here on arrival would
  // take CPU from the two instances on this machine's two cores (PushReceiver).
  const receiver = await new PushReceiver("later").start();
  const vapid = webpush.generateVAPIDKeys();
  const database = await connect(url.toString(), 20);
  const instances: { proc: Proc; dataDir: string }[] = [];
  try {
    await runMigrations(database);
    const { db, pool } = database;
    const n = opts.events;
    const { sender, users, requests, userOfEndpoint } = await setUpRecipients(pool, receiver, n);

    for (let i = 0; i < 2; i++) instances.push(await startInstance(url.toString(), vapid));

    const committedAt = new Map<string, number>();
    const recipientOf = new Map(requests.map((id, i) => [id, users[i + 1]]));
    const watch = await watchWork({ serverPids: instances.map((i) => i.proc.pid), dbUrl: url.toString() });
    const started = performance.now();
    let next = 0;
    const writer = async () => {
      while (next < n) {
        const id = requests[next++];
        await db.transaction((tx) =>
          recordNotification(tx, { kind: "request_received", swapRequestId: id, actorId: sender }),
        );
        committedAt.set(keyOf(recipientOf.get(id) as number, `swap-${id}`), Date.now());
      }
    };
    await Promise.all(Array.from({ length: 10 }, writer));
    // Every event's push, and the outbox done with them (a push resent after a timeout comes later).
    const deadline = Date.now() + GRACE_MS;
    await receiver.waitFor(() => receiver.distinctTopics() >= n, GRACE_MS).catch(() => undefined);
    await outboxSettled(pool, 0, deadline);
    const endedAt = Date.now();
    const work = await watch.stop(n);
    receiver.decryptArrived();
    const arrivals = arrivalsOf(receiver, userOfEndpoint);
    const outbox = await outboxStates(pool, 0);
    // Each event committed on its own: an account per event, summed.
    const account = sumAccounts(
      [...committedAt].map(([key, at]) =>
        accountBurst({ keys: [key], committedAt: at }, arrivals, outbox, WINDOW_MS, endedAt),
      ),
    );
    console.error(`[notifications] ${describeAccount(account, WINDOW_MS)}`);
    const { latencies, ...accounting } = account;
    return {
      events: n,
      instances: instances.length,
      p50Ms: pct(latencies, 50),
      p95Ms: pct(latencies, 95),
      p99Ms: pct(latencies, 99),
      maxMs: latencies[latencies.length - 1],
      lost: account.lost + account.undecryptable,
      doubled: account.doubleSent,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      accounting,
      work,
    };
  } finally {
    for (const { proc, dataDir } of instances) {
      const exit = await proc.stop();
      if (exit.code !== 0 && exit.code !== null)
        console.error(`an instance exited with ${exit.code}:\n${proc.output()}`);
      rmSync(dataDir, { recursive: true, force: true });
    }
    await database.close();
    await receiver.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { events: { type: "string" }, "database-url": { type: "string" } },
  });
  const serverUrl =
    values["database-url"] ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  await runNode(path.join(root, "scripts/ensure-build.mjs"), []);
  const result = await benchNotifications({ serverUrl, events: Number(values.events ?? 1000) });
  const pass = result.p99Ms < 1000 && result.lost === 0 && result.doubled === 0;
  console.log(
    `${pass ? "PASS" : "FAIL"}    notifications: p99 commit → push < 1000 ms, none lost or doubled — ${JSON.stringify(result)}`,
  );
  process.exitCode = pass ? 0 : 1;
}
