/**
 * `npm run bench`: the figures of DESIGN §7, measured on this machine.
 *
 * Seeds (or reuses) a large PostgreSQL database, starts the server as a real process, signs in
 * seeded clinicians and drives each endpoint family at a fixed rate from a second process (a steady
 * paced sender, which the budgets are judged on, and autocannon's overallRate, which sends each
 * second's share in a burst, beside it). Beside each figure it measures, in the same run, a bare Fastify route at the same rate
 * (the HTTP floor) and the endpoint's own SQL run directly on the database (the query floor).
 * Ends with one JSON line (also written to bench/results.json) and PASS/FAIL per budget.
 *
 *   npm run bench                       10,000 users, the full run (~10–15 minutes with seeding)
 *   npm run bench -- --quick            500 users, short runs: a smoke test of the whole pipeline
 *   npm run bench -- --users 2000 --rate 300 --duration 10 --database-url postgres://…/db
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import webpush from "web-push";
import { addDays, todayInLondon } from "../../common/dates";
import type { Hub } from "../../common/hubs";
import { DEFAULT_WTR_LIMITS } from "../../common/working-time";
import { userForSession } from "../../server/auth/sessions";
import { listAvailability } from "../../server/availability/service";
import type { Db } from "../../server/db/open";
import type { UserRow } from "../../server/db/schema";
import { hubListing } from "../../server/hubs/service";
import { listMessages, sendMessage, unreadCount } from "../../server/messages/service";
import { shiftListCache } from "../../server/shifts/list-cache";
import { findMatches } from "../../server/swaps/find-matches";
import { listMine } from "../../server/swaps/read-swap-requests";
import { withWarnings } from "../../server/swaps/swap-warnings";
import { freePort, type Proc, root, runNode, spawnNode, waitForUrl } from "../lib/processes";
import { readSeedMarker, SEED_PASSWORD, seedDatabase } from "../lib/seed-service";
import { startAppInstance } from "./app-instance";
import { type ClientSize, measureClient } from "./client-size";
import { benchNotifications } from "./notifications";
import { benchReadsDuringPushBurst } from "./push-burst";
import { waitForQuiet } from "./quiet";
import { captureSql, type SqlTiming, timeSql } from "./sql-baseline";

const { values: args } = parseArgs({
  options: {
    users: { type: "string" },
    quick: { type: "boolean", default: false },
    "database-url": { type: "string" },
    rate: { type: "string" },
    duration: { type: "string" },
    seed: { type: "string", default: "bench" },
    reseed: { type: "boolean", default: false },
    "skip-sockets": { type: "boolean", default: false },
    "skip-import": { type: "boolean", default: false },
    "skip-lighthouse": { type: "boolean", default: false },
    "skip-push-burst": { type: "boolean", default: false },
    only: { type: "string" },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(
    "Usage: npm run bench -- [--quick] [--users N] [--rate R] [--duration S] [--database-url URL] [--reseed] [--skip-sockets] [--skip-import] [--skip-lighthouse] [--only family,…]",
  );
  process.exit(0);
}

const quick = args.quick;
const USERS = Number(args.users ?? (quick ? 500 : 10_000));
const READ_RATE = Number(args.rate ?? 500);
const WRITE_RATE = Math.max(1, Math.round(READ_RATE / 5));
const DURATION = Number(args.duration ?? (quick ? 3 : 15));
const WARMUP = quick ? 1 : 3;
const CONNECTIONS = 20;
const PACED_CONNECTIONS = 64;
const SQL_RUNS = quick ? 200 : 1000;
const SQL_MAX_MS = quick ? 1500 : 5000;
const BENCH_USERS = 4;
const BUDGETS = { readP99Ms: 25, hubRangeP99Ms: 60, socketP99Ms: 50, importMs: 3000, eventLoopMs: 50, jsKb: 130 };
const MESSAGE_MARK = "bench message";

const t0 = performance.now();
const log = (msg: string) => console.error(`[bench ${((performance.now() - t0) / 1000).toFixed(0)}s] ${msg}`);

// ---- Database -----------------------------------------------------------------------------------

function benchDatabaseUrl(): string {
  if (args["database-url"]) return args["database-url"];
  const server = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  server.pathname = quick ? "/crewswap_bench_quick" : "/crewswap_bench";
  return server.toString();
}

/** `seconds` is how long the seeding took, in this run or in the run that seeded the reused database. */
type SeedInfo = { reused: boolean; seconds: number | null; users: number; shifts: number; messages: number };

async function ensureSeeded(url: string): Promise<SeedInfo> {
  const marker = await readSeedMarker(url);
  const today = todayInLondon();
  // A seed a week old still has eleven months of rosters ahead; older ones are redone.
  const fresh = marker && marker.users === USERS && marker.seed === args.seed && marker.firstDay >= addDays(today, -37);
  if (fresh && !args.reseed) {
    log(`reusing ${url.replace(/\/\/[^@]*@/, "//")} (${marker.users} users seeded ${marker.seededAt})`);
    return { reused: true, seconds: marker.seconds, ...(await counts(url)) };
  }
  log(`seeding ${USERS} users into ${url.replace(/\/\/[^@]*@/, "//")} …`);
  const result = await seedDatabase({ url, users: USERS, seed: args.seed, fresh: true, log });
  log(`seeded in ${result.seconds.toFixed(1)} s: ${result.shifts} shifts, ${result.messages} messages`);
  return { reused: false, seconds: Math.round(result.seconds * 10) / 10, ...(await counts(url)) };
}

async function counts(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(`select (select count(*)::int from users) as users,
      (select count(*)::int from shifts) as shifts, (select count(*)::int from messages) as messages`);
    return rows[0] as { users: number; shifts: number; messages: number };
  } finally {
    await c.end();
  }
}

/** Removes what earlier bench runs added (accounts, sessions, messages), so runs measure the same data. */
async function tidy(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query("delete from messages where content like $1", [`${MESSAGE_MARK}%`]);
    await c.query("delete from users where id > $1", [USERS]);
    await c.query("delete from sessions");
  } finally {
    await c.end();
  }
}

// ---- Bench users --------------------------------------------------------------------------------

type BenchUser = {
  id: number;
  email: string;
  hub: Hub;
  cookie: string;
  sid: string;
  /** A future shift of theirs that same-grade colleagues could cover (find-matches). */
  shiftId: number;
  /** A request of theirs with a responder and a conversation. */
  swapId: number;
  /** The second page of their hub's list, from the first page's Link header; the first page again
   * when the hub fits on one page (small seeds), so the family still runs. */
  hubNextPath: string;
};

async function pickUsers(url: string, today: string): Promise<Omit<BenchUser, "cookie" | "sid" | "hubNextPath">[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(
      `select distinct on (u.hub) u.id, u.email, u.hub, r.id as swap_id,
         (select s.id from shifts s
          where s.user_id = u.id and s.date > $1::date and s.shift_type in ('day', 'night') and not s.is_protected
            and exists (select 1 from user_availability ua join users v on v.id = ua.user_id
                        where ua.date = s.date and ua.status = 'available'
                          and v.clinical_grade = u.clinical_grade and v.id <> u.id)
          order by s.date limit 1) as shift_id
       from swap_requests r join users u on u.id = r.requester_id
       where r.responder_id is not null and r.status in ('pending', 'accepted')
         and (select count(*) from messages m where m.swap_request_id = r.id) >= 2
       order by u.hub, r.id`,
      [today],
    );
    const usable = rows.filter((r) => r.shift_id !== null).slice(0, BENCH_USERS);
    if (usable.length === 0) throw new Error("no seeded user with a conversation and a matchable shift");
    return usable.map((r) => ({ id: r.id, email: r.email, hub: r.hub, swapId: r.swap_id, shiftId: r.shift_id }));
  } finally {
    await c.end();
  }
}

async function signIn(baseUrl: string, u: Omit<BenchUser, "cookie" | "sid" | "hubNextPath">): Promise<BenchUser> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email: u.email, password: SEED_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login of ${u.email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))
    ?.split(";")[0];
  if (!cookie) throw new Error("login set no session cookie");
  // The table keeps only a hash of the id: the id itself is the signed cookie's value.
  const signed = decodeURIComponent(cookie.slice("sid=".length));
  const sid = signed.slice(0, signed.lastIndexOf("."));
  const first = await fetch(`${baseUrl}${hubPath(u.hub)}`, { headers: { cookie } });
  if (first.status !== 200) throw new Error(`${u.hub}'s list answered ${first.status}`);
  const next = /<([^>]+)>;\s*rel="next"/.exec(first.headers.get("link") ?? "")?.[1];
  if (!next) console.warn(`${u.hub}'s list has one page: hub_browse_next_page measures the first page`);
  return { ...u, cookie, sid, hubNextPath: next ?? hubPath(u.hub) };
}

const hubPath = (hub: string) => `/api/users/hub/${encodeURIComponent(hub)}`;

// ---- Families -----------------------------------------------------------------------------------

type Family = {
  name: string;
  method: "GET" | "POST";
  rate: number;
  /** p99 budget in ms; none for figures reported for information. */
  budgetMs?: number;
  /** One request per user, or several that the load cycles through. */
  request: (u: BenchUser) => { path: string; body?: unknown } | { path: string }[];
  /**
   * The service calls the endpoint makes after the session lookup, for the SQL baseline. Keep in
   * step with the routes.
   */
  sql: (db: Db, user: UserRow, u: BenchUser) => Promise<unknown>;
};

/** More than a run sends, so no range of hub_browse_range_uncached is asked for twice. */
const DISTINCT_RANGES = 3000;

const afterOf = (path: string) => new URL(path, "http://localhost").searchParams.get("after") ?? undefined;

const uncachedHub = (db: Db) => hubListing(db);

function families(today: string): Family[] {
  const monthEnd = addDays(today, 30);
  const read = { method: "GET" as const, rate: READ_RATE, budgetMs: BUDGETS.readP99Ms };
  return [
    { name: "auth_user", ...read, request: () => ({ path: "/api/auth/user" }), sql: async () => undefined },
    {
      name: "shifts_list",
      ...read,
      request: () => ({ path: "/api/shifts" }),
      // The route's cache miss: the fingerprint, then the list (a cache of 0 bytes keeps nothing).
      sql: (db, user) => shiftListCache(db, 0)(user.id, {}),
    },
    {
      name: "availability_month",
      ...read,
      request: () => ({ path: `/api/availability?start=${today}&end=${monthEnd}` }),
      sql: (db, user) => listAvailability(db, user.id, today, monthEnd),
    },
    {
      name: "hub_browse",
      ...read,
      request: (u) => ({ path: hubPath(u.hub) }),
      sql: (db, user, u) => uncachedHub(db).page(user.id, u.hub, {}),
    },
    {
      name: "hub_browse_next_page",
      ...read,
      request: (u) => ({ path: u.hubNextPath }),
      sql: (db, user, u) => uncachedHub(db).page(user.id, u.hub, { after: afterOf(u.hubNextPath) }),
    },
    {
      name: "hub_count",
      ...read,
      request: (u) => ({ path: `${hubPath(u.hub)}/count` }),
      sql: (db, user, u) => uncachedHub(db).count(user.id, u.hub, {}),
    },
    {
      name: "hub_browse_range",
      ...read,
      budgetMs: BUDGETS.hubRangeP99Ms,
      request: (u) => ({ path: `${hubPath(u.hub)}?fromDate=${today}&toDate=${monthEnd}` }),
      sql: (db, user, u) => uncachedHub(db).page(user.id, u.hub, { fromDate: today, toDate: monthEnd }),
    },
    {
      name: "hub_count_range",
      ...read,
      budgetMs: BUDGETS.hubRangeP99Ms,
      request: (u) => ({ path: `${hubPath(u.hub)}/count?fromDate=${today}&toDate=${monthEnd}` }),
      sql: (db, user, u) => uncachedHub(db).count(user.id, u.hub, { fromDate: today, toDate: monthEnd }),
    },
    {
      // Every request a different range, so the listing's short cache never answers: its worst case.
      name: "hub_browse_range_uncached",
      ...read,
      budgetMs: BUDGETS.hubRangeP99Ms,
      request: (u) =>
        Array.from({ length: DISTINCT_RANGES }, (_, k) => {
          const from = addDays(today, k % 60);
          return { path: `${hubPath(u.hub)}?fromDate=${from}&toDate=${addDays(from, 7 + (Math.floor(k / 60) % 50))}` };
        }),
      sql: (db, user, u) =>
        uncachedHub(db).page(user.id, u.hub, { fromDate: addDays(today, 7), toDate: addDays(today, 21) }),
    },
    {
      name: "find_matches",
      ...read,
      request: (u) => ({ path: `/api/find-matches/${u.shiftId}` }),
      sql: (db, user, u) => findMatches(db, user, u.shiftId, DEFAULT_WTR_LIMITS),
    },
    {
      name: "swap_list",
      ...read,
      request: () => ({ path: "/api/swap-requests" }),
      // As the route answers: the list, then both parties' rest warnings for its open requests.
      sql: async (db, user) => withWarnings(db, DEFAULT_WTR_LIMITS, await listMine(db, user.id)),
    },
    {
      name: "message_list",
      ...read,
      request: (u) => ({ path: `/api/messages/${u.swapId}` }),
      sql: (db, user, u) => listMessages(db, user, u.swapId),
    },
    {
      name: "unread_count",
      ...read,
      request: () => ({ path: "/api/messages/unread-count" }),
      sql: (db, user) => unreadCount(db, user),
    },
    {
      name: "message_post",
      method: "POST",
      rate: WRITE_RATE,
      request: (u) => ({ path: "/api/messages", body: { swapRequestId: u.swapId, content: `${MESSAGE_MARK} 🚑` } }),
      // The service publishes NEW_MESSAGE itself, as the route's answer waits for it.
      sql: (db, user, u) => sendMessage(db, user, { swapRequestId: u.swapId, content: `${MESSAGE_MARK} sql` }),
    },
    {
      // All Hubs lists every urgent clinician of the service, a page at a time: reported, without a budget of its own.
      name: "hub_browse_all_hubs",
      method: "GET",
      rate: Math.max(1, Math.round(READ_RATE / 10)),
      request: () => ({ path: hubPath("All Hubs") }),
      sql: (db, user) => uncachedHub(db).page(user.id, "All Hubs", {}),
    },
  ];
}

type Load = {
  requests: number;
  achievedRate: number;
  ok: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  p999: number | null;
  max: number | null;
  mean: number | null;
  bytesPerResponse: number;
  /** Paced runs: requests not sent because two seconds of backlog were already waiting. */
  dropped?: number;
};

/**
 * Runs scripts/bench/load.mjs in a second process. "paced" sends at a steady rate and is what the
 * budgets are judged on; "autocannon" is autocannon's `overallRate`, which sends each second's
 * share in a burst (see load.mjs), reported beside it.
 */
async function drive(
  baseUrl: string,
  rate: number,
  requests: { method: string; path: string; headers?: Record<string, string>; body?: string }[],
  opts: { duration?: number; warmup?: number; mode?: "paced" | "autocannon" } = {},
): Promise<Load> {
  const mode = opts.mode ?? "paced";
  const cfg = {
    url: baseUrl,
    rate,
    mode,
    connections: mode === "paced" ? PACED_CONNECTIONS : CONNECTIONS,
    duration: opts.duration ?? DURATION,
    warmup: opts.warmup ?? WARMUP,
    requests,
  };
  const dir = mkdtempSync(path.join(os.tmpdir(), "crewswap-load-"));
  const file = path.join(dir, "load.json");
  writeFileSync(file, JSON.stringify(cfg));
  try {
    const out = await runNode(path.join(root, "scripts/bench/load.mjs"), [`@${file}`]);
    return JSON.parse(out.trim().split("\n").pop() as string);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function requestsFor(family: Family, users: BenchUser[], baseUrl: string) {
  const perUser = users.map((u) => {
    const made = family.request(u);
    return (Array.isArray(made) ? made : [made]).map((r: { path: string; body?: unknown }) => {
      // As a browser asks: answers are measured with the compression they are served with.
      const headers: Record<string, string> = { cookie: u.cookie, origin: baseUrl, "accept-encoding": "br, gzip" };
      if (r.body !== undefined) headers["content-type"] = "application/json";
      return {
        method: family.method,
        path: r.path,
        headers,
        ...(r.body !== undefined ? { body: JSON.stringify(r.body) } : {}),
      };
    });
  });
  // Interleaved, so every stretch of the run has each user's requests.
  const longest = Math.max(...perUser.map((list) => list.length));
  return Array.from({ length: longest }, (_, i) =>
    perUser.flatMap((list) => (i < list.length ? [list[i]] : [])),
  ).flat();
}

/** One call per user before loading: a route that is not there yet is reported, not measured. */
async function probe(family: Family, users: BenchUser[], baseUrl: string): Promise<string | null> {
  for (const r of requestsFor(family, users, baseUrl).slice(0, users.length)) {
    const res = await fetch(baseUrl + r.path, { method: r.method, headers: r.headers, body: r.body });
    const text = await res.text();
    if (res.status === 404 && text.includes("No route for")) return "missing";
    if (res.status < 200 || res.status > 299) return `answered ${res.status}: ${text.slice(0, 200)}`;
  }
  return null;
}

// ---- Optional benches from the messaging and import work ---------------------------------------

async function optionalBench<T>(file: string, run: (mod: any) => Promise<T>): Promise<T | { status: string }> {
  const full = path.join(root, "scripts/bench", file);
  if (!existsSync(full)) return { status: "missing" };
  try {
    return await run(await import(full));
  } catch (err) {
    log(`${file} failed: ${(err as Error).stack ?? err}`);
    return { status: `error: ${(err as Error).message}` };
  }
}

// ---- Report -------------------------------------------------------------------------------------

/** INFO: a figure beside a budget that is not held to it (e.g. the import's stress case). */
type Budget = { name: string; limit: string; value: string; verdict: "PASS" | "FAIL" | "MISSING" | "INFO" };

const ms = (n: number | null | undefined) => (n === null || n === undefined ? "–" : `${n.toFixed(1)}`);
const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a && b ? Math.round((a / b) * 10) / 10 : null;

type Servers = { baseUrl: string; barePort: number; procs: Proc[] };

/** Phase 1: the seeded database, the built client and its size. */
async function prepare(dbUrl: string) {
  const seed = await ensureSeeded(dbUrl);
  await tidy(dbUrl);
  log("building the client if it is out of date …");
  await runNode(path.join(root, "scripts/ensure-build.mjs"), []);
  let client: ClientSize | { status: string };
  try {
    client = measureClient(path.join(root, "dist/client"));
  } catch (err) {
    client = { status: `error: ${(err as Error).message}` };
  }
  return { seed, client };
}

/** Phase 2: the app as a real process and the bare Fastify baseline beside it. */
async function startServers(dbUrl: string, dataDir: string, procs: Proc[]): Promise<Servers> {
  log("starting the server and the bare Fastify baseline …");
  const barePort = await freePort();
  const bare = spawnNode("scripts/bench/bare-server.mjs", { PORT: String(barePort) });
  procs.push(bare);
  // Real VAPID keys: in the push-burst phase the app encrypts and signs every push it sends.
  const vapid = webpush.generateVAPIDKeys();
  // As `npm start` runs it: the compiled server, built (if out of date) by prepare().
  const app = await startAppInstance({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PUSH_ALLOW_INSECURE: "true",
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
  });
  procs.push(app);
  await waitForUrl(`http://127.0.0.1:${barePort}/bare`, bare);
  return { baseUrl: app.baseUrl, barePort, procs };
}

/** The endpoint's own SQL run directly on the database: the query floor. */
async function sqlFloor(
  pool: pg.Pool,
  dbUrl: string,
  f: Family,
  u: BenchUser,
): Promise<SqlTiming | { status: string }> {
  try {
    const statements = await captureSql(pool, async (db) => {
      const user = await userForSession(db, u.sid);
      if (!user) throw new Error("the bench session is gone");
      await f.sql(db, user, u);
    });
    return await timeSql(dbUrl, statements, SQL_RUNS, SQL_MAX_MS);
  } catch (err) {
    return { status: `error: ${(err as Error).message}` };
  }
}

/** One family: its HTTP floor, its paced and burst runs, its SQL floor. */
async function benchFamily(f: Family, users: BenchUser[], servers: Servers, pool: pg.Pool, dbUrl: string) {
  const { baseUrl, barePort } = servers;
  // The HTTP floor is measured right before each family, so both see the same machine load.
  const bareLoad = await drive(`http://127.0.0.1:${barePort}`, f.rate, [{ method: "GET", path: "/bare" }], {
    duration: Math.min(DURATION, 5),
    warmup: quick ? 0.5 : 1,
  });
  log(`${f.name} at ${f.rate} req/s for ${DURATION} s (bare route p99 ${ms(bareLoad.p99)} ms) …`);
  const load = await drive(baseUrl, f.rate, requestsFor(f, users, baseUrl));
  // The burst figure is for comparison only: a smoke run skips it.
  const burst = quick
    ? null
    : await drive(baseUrl, f.rate, requestsFor(f, users, baseUrl), {
        mode: "autocannon",
        duration: Math.max(3, Math.round(DURATION / 3)),
        warmup: 0,
      });
  const sql = await sqlFloor(pool, dbUrl, f, users[0]);
  const sqlT = "p50" in sql ? sql : null;
  const result = {
    status: "ok",
    method: f.method,
    path: requestsFor(f, users, baseUrl)[0].path,
    rate: f.rate,
    ...load,
    budgetP99Ms: f.budgetMs ?? null,
    autocannon: burst && {
      p50: burst.p50,
      p99: burst.p99,
      max: burst.max,
      achievedRate: burst.achievedRate,
      errors: burst.errors + burst.non2xx,
    },
    bare: { p50: bareLoad.p50, p99: bareLoad.p99 },
    sql,
    ratio: {
      p50ToBare: ratio(load.p50, bareLoad.p50),
      p99ToBare: ratio(load.p99, bareLoad.p99),
      p50ToSql: ratio(load.p50, sqlT?.p50),
      p99ToSql: ratio(load.p99, sqlT?.p99),
    },
  };
  return { bareLoad, result };
}

/** Phase 3: every endpoint family (or those named by --only), one after another. */
async function benchFamilies(servers: Servers, dbUrl: string, today: string) {
  const users = await Promise.all((await pickUsers(dbUrl, today)).map((u) => signIn(servers.baseUrl, u)));
  log(`signed in ${users.length} seeded users (hubs: ${users.map((u) => u.hub).join(", ")})`);
  const only = args.only?.split(",");
  const fams = families(today).filter((f) => !only || only.includes(f.name));
  const bareRuns: Record<string, Load> = {};
  const familyResults: Record<string, any> = {};
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  try {
    for (const f of fams) {
      const missing = await probe(f, users, servers.baseUrl);
      if (missing) {
        log(`${f.name}: ${missing}`);
        familyResults[f.name] = { status: missing === "missing" ? "missing" : "error", detail: missing };
        continue;
      }
      const { bareLoad, result } = await benchFamily(f, users, servers, pool, dbUrl);
      bareRuns[f.name] = bareLoad;
      familyResults[f.name] = result;
    }
  } finally {
    await pool.end();
  }
  return { bare: bareRuns, families: familyResults };
}

/** Phase 4: the roster import (while the app runs) and socket delivery (on its own instances). */
async function benchImport(baseUrl: string) {
  if (args["skip-import"]) return undefined;
  log("roster import bench (scripts/bench/import.ts) …");
  return optionalBench("import.ts", (mod) =>
    mod.benchImport({
      baseUrl,
      log: (m: string) => log(`import: ${m}`),
      ...(quick ? { profiles: ["wide"], runs: 1, targetBytes: 1024 * 1024 } : {}),
    }),
  );
}

/** The read families most clinicians hit, each while bursts of 1,000 pushes fan out from the same process. */
async function benchPushBurst(servers: Servers, dbUrl: string, today: string, quiet: Record<string, any>) {
  if (args["skip-push-burst"]) return undefined;
  const users = await Promise.all((await pickUsers(dbUrl, today)).map((u) => signIn(servers.baseUrl, u)));
  const picked = families(today).filter((f) => ["swap_list", "shifts_list", "unread_count"].includes(f.name));
  return benchReadsDuringPushBurst({
    dbUrl,
    events: quick ? 200 : 1000,
    // As long as each family's run without pushes (DURATION), with a burst every 5 s of it.
    duration: DURATION,
    log: (m) => log(`push burst: ${m}`),
    families: picked.map((f) => ({
      name: f.name,
      rate: f.rate,
      requests: requestsFor(f, users, servers.baseUrl),
      quietP99: quiet[f.name]?.p99 ?? null,
    })),
    drive: (rate, requests, o) => drive(servers.baseUrl, rate, requests, o),
  });
}

/** Lighthouse (mobile) on / and the five signed-in pages, signed in as a seeded clinician. */
async function benchLighthousePages(baseUrl: string, dbUrl: string, today: string) {
  if (args["skip-lighthouse"]) return undefined;
  log("Lighthouse, mobile, on / and the five signed-in pages (scripts/bench/lighthouse.ts, in its own process) …");
  await waitForQuiet(dbUrl, (m) => log(`lighthouse: ${m}`));
  const [picked] = await pickUsers(dbUrl, today);
  const user = await signIn(baseUrl, picked);
  return optionalBench("lighthouse-process.ts", (mod) =>
    mod.benchLighthouseInChild({
      baseUrl,
      cookie: user.cookie,
      // Otherwise lighthouse.ts's LIGHTHOUSE_RUNS.
      runs: quick ? 1 : undefined,
      log: (m: string) => log(`lighthouse: ${m}`),
    }),
  );
}

async function benchSockets(dbUrl: string) {
  if (args["skip-sockets"]) return undefined;
  log("socket delivery bench (scripts/bench/sockets.ts) …");
  const adminUrl = new URL(dbUrl);
  adminUrl.pathname = "/postgres";
  return optionalBench("sockets.ts", (mod) =>
    mod.benchSocketDelivery({
      adminUrl: adminUrl.toString(),
      log: (m: string) => log(`sockets: ${m}`),
      ...(quick ? { sockets: 200, messages: 200 } : {}),
    }),
  );
}

/** Phase 5: a PASS/FAIL per budget of DESIGN §7. */
function verdicts(results: Record<string, any>, client: ClientSize | { status: string }, today: string): Budget[] {
  const budgets: Budget[] = [];
  const fams = (results.http as { families: Record<string, any> }).families;
  for (const [name, r] of Object.entries(fams)) {
    const family = families(today).find((f) => f.name === name)!;
    if (family.budgetMs === undefined) continue;
    const limit = `p99 < ${family.budgetMs} ms at ${family.rate} req/s`;
    if (r.status !== "ok") {
      budgets.push({ name, limit, value: r.detail ?? r.status, verdict: r.status === "missing" ? "MISSING" : "FAIL" });
      continue;
    }
    // A run that fell short of its rate or failed requests measured something else: it cannot pass.
    const clean = r.errors === 0 && r.non2xx === 0 && !r.dropped && r.achievedRate >= family.rate * 0.9;
    const pass = clean && r.p99 !== null && r.p99 < family.budgetMs;
    budgets.push({
      name,
      limit,
      value:
        `p99 ${ms(r.p99)} ms, ${r.ratio.p99ToBare ?? "–"}× the bare route ` +
        `(achieved ${r.achievedRate} req/s, ${r.errors} errors, ${r.non2xx} non-2xx` +
        `${r.dropped ? `, ${r.dropped} not sent: saturated` : ""})`,
      verdict: pass ? "PASS" : "FAIL",
    });
  }
  const sockets = results.sockets as any;
  if (sockets) {
    budgets.push(
      sockets.deliveryMs
        ? {
            name: "socket_delivery",
            limit: `p99 < ${BUDGETS.socketP99Ms} ms, ${sockets.sockets} sockets, 2 instances`,
            value: `p99 ${ms(sockets.deliveryMs.p99)} ms`,
            verdict: sockets.deliveryMs.p99 < BUDGETS.socketP99Ms ? "PASS" : "FAIL",
          }
        : { name: "socket_delivery", limit: "p99 < 50 ms", value: sockets.status, verdict: verdictOf(sockets.status) },
    );
  }
  const imp = results.import as any;
  if (imp) {
    if (imp.profiles) {
      for (const p of imp.profiles) {
        budgets.push({
          name: `import_${p.profile}`,
          limit: `< ${BUDGETS.importMs} ms for ${(p.fileBytes / 1024 / 1024).toFixed(1)} MB, other requests p99 < ${BUDGETS.eventLoopMs} ms`,
          value: `max ${p.importMs.max} ms, others p99 ${ms(p.during.p99Ms)} ms${p.realistic ? "" : " (stress case)"}`,
          verdict:
            p.importMs.max < BUDGETS.importMs && p.during.p99Ms < BUDGETS.eventLoopMs
              ? "PASS"
              : p.realistic
                ? "FAIL"
                : "INFO",
        });
      }
    } else {
      budgets.push({ name: "import", limit: "< 3 s", value: imp.status, verdict: verdictOf(imp.status) });
    }
  }
  for (const b of (results.pushBurst ?? []) as import("./push-burst").BurstReads[]) {
    const clean = b.read.errors === 0 && b.read.non2xx === 0 && b.push.lost === 0 && b.push.doubled === 0;
    budgets.push({
      name: `${b.family}_during_push_burst`,
      limit:
        `p99 < ${BUDGETS.readP99Ms} ms while ${b.bursts} bursts of ${b.events} pushes fan out; ` +
        "push p99 < 1000 ms, none lost or doubled",
      value:
        `read p99 ${ms(b.read.p99)} ms (${ratio(b.read.p99, b.quietP99) ?? "–"}× its run without pushes), ` +
        `push p99 ${b.push.p99Ms} ms, ${b.push.lost} lost, ${b.push.doubled} doubled`,
      verdict: clean && b.read.p99 !== null && b.read.p99 < BUDGETS.readP99Ms && b.push.p99Ms < 1000 ? "PASS" : "FAIL",
    });
  }
  const notifications = results.notifications as import("./notifications").NotificationBench | undefined;
  if (notifications) {
    const ok = notifications.p99Ms < 1000 && notifications.lost === 0 && notifications.doubled === 0;
    budgets.push({
      name: "notifications",
      limit: `commit → push p99 < 1000 ms, ${notifications.events} events, ${notifications.instances} instances`,
      value: `p99 ${notifications.p99Ms} ms, ${notifications.lost} lost, ${notifications.doubled} doubled`,
      verdict: ok ? "PASS" : "FAIL",
    });
  }
  const lighthouse = results.lighthouse;
  if (lighthouse) {
    budgets.push(
      ...(lighthouse.budgets ?? [
        {
          name: "lighthouse",
          limit: "performance ≥ 95, accessibility 100",
          value: lighthouse.status,
          verdict: verdictOf(lighthouse.status),
        },
      ]),
    );
  }
  if ("gzipBytes" in client) {
    budgets.push({
      name: "initial_js",
      limit: `≤ ${BUDGETS.jsKb} KB gzipped`,
      value: `${(client.gzipBytes / 1024).toFixed(1)} KB in ${client.files.length} files`,
      verdict: client.gzipBytes <= BUDGETS.jsKb * 1024 ? "PASS" : "FAIL",
    });
  } else {
    budgets.push({ name: "initial_js", limit: `≤ ${BUDGETS.jsKb} KB`, value: client.status, verdict: "FAIL" });
  }

  return budgets;
}

async function postgresVersion(dbUrl: string) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  const v = (await c.query("show server_version")).rows[0].server_version as string;
  await c.end();
  return v;
}

async function main() {
  const today = todayInLondon();
  const dbUrl = benchDatabaseUrl();
  const startLoad = os.loadavg();
  const { seed, client } = await prepare(dbUrl);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-bench-"));
  const procs: Proc[] = [];
  const results: Record<string, any> = {};
  try {
    const servers = await startServers(dbUrl, dataDir, procs);
    results.http = await benchFamilies(servers, dbUrl, today);
    const imported = await benchImport(servers.baseUrl);
    if (imported) results.import = imported;
    const lighthouse = await benchLighthousePages(servers.baseUrl, dbUrl, today);
    if (lighthouse) results.lighthouse = lighthouse;
    const burst = await benchPushBurst(servers, dbUrl, today, results.http.families);
    if (burst) results.pushBurst = burst;
    for (const p of procs.splice(0)) await p.stop();
    const sockets = await benchSockets(dbUrl);
    if (sockets) results.sockets = sockets;
    results.notifications = await benchNotifications({ serverUrl: dbUrl, events: quick ? 200 : 1000 });
  } catch (err) {
    for (const p of procs) {
      if (p.child.exitCode !== null || p.child.signalCode !== null) {
        log(`a process exited early (code ${p.child.exitCode}, signal ${p.child.signalCode}):\n${p.output()}`);
      }
    }
    throw err;
  } finally {
    for (const p of procs) await p.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await tidy(dbUrl).catch(() => undefined);
  }

  const budgets = verdicts(results, client, today);
  const fams = results.http.families;
  const pgVersion = await postgresVersion(dbUrl);
  const summary = {
    bench: "crewswap",
    at: new Date().toISOString(),
    quick,
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 1024 ** 3),
      node: process.version,
      postgres: pgVersion,
      loadAvgAtStart: startLoad.map((n) => Math.round(n * 100) / 100),
      loadAvgAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100),
    },
    settings: {
      users: USERS,
      readRate: READ_RATE,
      writeRate: WRITE_RATE,
      durationS: DURATION,
      connections: CONNECTIONS,
    },
    seed,
    client,
    ...results,
    budgets,
    pass: budgets.every((b) => b.verdict === "PASS" || b.verdict === "INFO"),
    seconds: Math.round((performance.now() - t0) / 1000),
  };

  printTable(fams);
  console.log("");
  for (const b of budgets) console.log(`${b.verdict.padEnd(7)} ${b.name}: ${b.limit} — ${b.value}`);
  console.log("");
  mkdirSync(path.join(root, "bench"), { recursive: true });
  const line = JSON.stringify(summary);
  writeFileSync(path.join(root, "bench/results.json"), `${line}\n`);
  console.log(line);
  process.exitCode = budgets.some((b) => b.verdict === "FAIL") ? 1 : 0;
}

function verdictOf(status: string): Budget["verdict"] {
  return status === "missing" ? "MISSING" : "FAIL";
}

function printTable(fams: Record<string, any>) {
  const head = [
    "family",
    "rate",
    "done/s",
    "p50",
    "p99",
    "max",
    "err",
    "burst p99",
    "bare p99",
    "sql p50",
    "sql p99",
    "p99/bare",
    "p50/sql",
  ];
  const rows = Object.entries(fams).map(([name, r]) =>
    r.status !== "ok"
      ? [name, r.status, "", "", "", "", "", "", "", "", "", "", ""]
      : [
          name,
          String(r.rate),
          String(r.achievedRate),
          ms(r.p50),
          ms(r.p99),
          ms(r.max),
          String(r.errors + r.non2xx + (r.dropped ?? 0)),
          ms(r.autocannon?.p99),
          ms(r.bare.p99),
          ms(r.sql?.p50),
          ms(r.sql?.p99),
          r.ratio.p99ToBare === null ? "–" : `${r.ratio.p99ToBare}×`,
          r.ratio.p50ToSql === null ? "–" : `${r.ratio.p50ToSql}×`,
        ],
  );
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log("");
  console.log(
    "HTTP figures in ms: 2xx latency at a steady rate from a second process over loopback, timed from when each request " +
      "was due; 'burst' is autocannon's overallRate (each second's share sent at once); 'bare' a constant-JSON Fastify " +
      "route at the same rate; 'sql' the endpoint's own statements run directly on the database",
  );
  console.log(fmt(head));
  for (const r of rows) console.log(fmt(r));
}

main().catch((err) => {
  console.error("[bench] failed:", err);
  process.exit(1);
});
