// Phases 2 and 3 of `npm run bench`: the app and the bare route as real processes, then every
// endpoint family at its rate beside the bare route (the HTTP floor) and its own SQL (the query floor).
import pg from "pg";
import webpush from "web-push";
import { userForSession } from "../../server/auth/queries";
import { freePort, type Proc, spawnNode, waitForUrl } from "../lib/processes";
import { startAppInstance } from "./app-instance";
import { args, DURATION, log, ms, quick, ratio, SQL_MAX_MS, SQL_RUNS } from "./config";
import { drive, type Load, probe, requestsFor } from "./drive";
import { type Family, families } from "./families";
import { captureSql, type SqlTiming, timeSql } from "./sql-baseline";
import { type BenchUser, pickUsers, signIn } from "./users";

export type Servers = { baseUrl: string; barePort: number; procs: Proc[] };

/** Phase 2: the app as a real process and the bare Fastify baseline beside it. */
export async function startServers(dbUrl: string, dataDir: string, procs: Proc[]): Promise<Servers> {
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
export async function benchFamilies(servers: Servers, dbUrl: string, today: string) {
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
