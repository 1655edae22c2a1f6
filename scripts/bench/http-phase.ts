// Phase 3 of `npm run bench`: every endpoint family at its rate, in rounds (--repeat, and A then B
// with --against), each round beside the bare route (the HTTP floor); the family's own SQL (the
// query floor) once. Every paced run also counts the work it cost (scripts/bench/work.mjs).
import pg from "pg";
import { userForSession } from "../../server/auth/sessions";
import {
  args,
  DURATION,
  log,
  ms,
  quick,
  REDO_FACTOR,
  ROUNDS,
  ratio,
  SQL_MAX_MS,
  SQL_RUNS,
  VERDICT_RUNS,
} from "./config";
import { drive, type Load, probe, requestsFor } from "./drive";
import { type Family, families } from "./families";
import { busyWindow, median, pairRatios, range, summariseRuns } from "./runs";
import type { Servers, Target } from "./servers";
import { captureSql, type SqlTiming, timeSql } from "./sql-baseline";
import { type BenchUser, pickUsers, signIn } from "./users";

/**
 * The endpoint's own SQL run directly on the database: the query floor. The load takes the bench
 * users in turn, so the floor runs each one's statements in turn too, per request: one user's alone
 * would stand for all of them (the three-way search answers at once for one with no Available Off
 * Day, and reads every colleague free on the day for the others).
 */
async function sqlFloor(
  pool: pg.Pool,
  dbUrl: string,
  f: Family,
  users: BenchUser[],
): Promise<SqlTiming | { status: string }> {
  try {
    const statements = [];
    for (const u of users) {
      statements.push(
        ...(await captureSql(pool, async (db) => {
          const user = await userForSession(db, u.sid);
          if (!user) throw new Error("the bench session is gone");
          await f.sql(db, user, u);
        })),
      );
    }
    return perRequest(await timeSql(dbUrl, statements, SQL_RUNS, SQL_MAX_MS), users.length);
  } catch (err) {
    return { status: `error: ${(err as Error).message}` };
  }
}

/**
 * A round of every user's statements as one request's share of it: CPU and statements per request;
 * the times are a round's divided by its requests (a mean request's, not a percentile over them).
 */
function perRequest(t: SqlTiming, requests: number): SqlTiming {
  const each = (n: number) => Math.round((n / requests) * 1000) / 1000;
  return {
    ...t,
    statements: t.statements / requests,
    p50: each(t.p50),
    p99: each(t.p99),
    mean: each(t.mean),
    cpuMs: t.cpuMs === null ? null : each(t.cpuMs),
  };
}

type Rounds = { a: Load[]; b: Load[]; bare: Load[] };

/**
 * The bare route, then A, then B (when there is one), ROUNDS times: pairs close in time. A round
 * whose A window was busy (runs.ts `busyWindow`) is done again, up to REDO_FACTOR × ROUNDS rounds,
 * when the runs are to give a verdict and there is no B to pair with.
 */
async function runRounds(f: Family, users: BenchUser[], servers: Servers, dbUrl: string, withB: boolean) {
  const runs: Rounds = { a: [], b: [], bare: [] };
  const paced = (t: Target) =>
    drive(t.baseUrl, f.rate, requestsFor(f, users, t.baseUrl), { work: { serverPids: [t.pid], dbUrl } });
  const most = withB || ROUNDS < VERDICT_RUNS ? ROUNDS : ROUNDS * REDO_FACTOR;
  let quiet = 0;
  for (let round = 1; quiet < ROUNDS && round <= most; round++) {
    // The HTTP floor is measured right before the family, so both see the same machine load.
    const bare = await drive(`http://127.0.0.1:${servers.barePort}`, f.rate, [{ method: "GET", path: "/bare" }], {
      duration: Math.min(DURATION, 5),
      warmup: quick ? 0.5 : 1,
      work: { serverPids: [servers.barePid], dbUrl: null },
    });
    runs.bare.push(bare);
    const of = ROUNDS > 1 ? ` (round ${round} of ${ROUNDS}${round > ROUNDS ? ", again for a busy one" : ""})` : "";
    log(`${f.name} at ${f.rate} req/s for ${DURATION} s${of} (bare route p99 ${ms(bare.p99)} ms) …`);
    const a = await paced(servers.a);
    runs.a.push(a);
    if (withB && servers.b) runs.b.push(await paced(servers.b));
    const m = a.work?.machine;
    if (!busyWindow(m)) quiet += 1;
    else if (most > ROUNDS)
      log(
        `${f.name}: BUSY window (${m?.otherCores} cores outside the bench, steal ${m?.stealShare}): its latency is left out`,
      );
  }
  return runs;
}

/** The family's p99 over the bare route's, each pair measured in the same round, all rounds. */
/**
 * The family's p99 over the bare route's, round by round. The verdict's median is taken over the
 * rounds whose two windows were both quiet, as a latency verdict is: on a busy machine the family
 * queues and the constant bare route does not, and their ratio says more about the neighbour.
 */
function sameRoundRatio(runs: Rounds) {
  const ratioOf = (l: Load, i: number) => (l.p99 && runs.bare[i]?.p99 ? l.p99 / runs.bare[i].p99! : null);
  const ratios = runs.a.map(ratioOf);
  const quiet = runs.a
    .map((l, i) => (busyWindow(l.work?.machine) || busyWindow(runs.bare[i]?.work?.machine) ? null : ratioOf(l, i)))
    .filter((x): x is number => x !== null);
  const r = range(ratios);
  const m = median(quiet);
  const tenth = (x: number) => Math.round(x * 10) / 10;
  return {
    median: m === null ? null : tenth(m),
    range: r ? r.map(tenth) : null,
    quietRounds: quiet.length,
    /** Every round's, busy or not, for the record. */
    medianAllRounds: median(ratios) === null ? null : tenth(median(ratios) as number),
  };
}

const floorCpu = (bare: number | null | undefined, sql: number | null | undefined) =>
  typeof bare === "number" && typeof sql === "number" ? bare + sql : null;

/** One family: its rounds, one burst run (for comparison only: a smoke run skips it), its SQL floor. */
async function benchFamily(f: Family, users: BenchUser[], servers: Servers, pool: pg.Pool, dbUrl: string) {
  const withB = servers.b !== undefined && (await probe(f, users, servers.b.baseUrl)) === null;
  const runs = await runRounds(f, users, servers, dbUrl, withB);
  const baseUrl = servers.a.baseUrl;
  const burst = quick
    ? null
    : await drive(baseUrl, f.rate, requestsFor(f, users, baseUrl), {
        mode: "autocannon",
        duration: Math.max(3, Math.round(DURATION / 3)),
        warmup: 0,
      });
  const sql = await sqlFloor(pool, dbUrl, f, users);
  const sqlT = "p50" in sql ? sql : null;
  const load = summariseRuns(runs.a);
  const bare = summariseRuns(runs.bare);
  return {
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
    bare: { p50: bare.p50, p99: bare.p99, cpuMs: bare.work?.serverCpuMs ?? null, runs: bare.perRun },
    sql,
    ratio: {
      p50ToBare: ratio(load.p50, bare.p50),
      p99ToBare: ratio(load.p99, bare.p99),
      // DESIGN §7's relative budget: within 3× the bare route measured in the same run.
      p99ToBareSameRound: sameRoundRatio(runs),
      p50ToSql: ratio(load.p50, sqlT?.p50),
      p99ToSql: ratio(load.p99, sqlT?.p99),
      cpuToBare: ratio(load.work?.cpuMs, bare.work?.serverCpuMs),
      // DESIGN §7: a read's work within 2× the bare route's plus its own SQL's.
      cpuToFloor: ratio(load.work?.cpuMs, floorCpu(bare.work?.serverCpuMs, sqlT?.cpuMs)),
    },
    against: servers.b && {
      ref: servers.b.label,
      ...(withB ? { ...summariseRuns(runs.b), ratio: pairRatios(runs.a, runs.b) } : { status: "missing or failing" }),
    },
  };
}

/** Phase 3: every endpoint family (or those named by --only), one after another. */
export async function benchFamilies(servers: Servers, dbUrl: string, today: string) {
  const users = await Promise.all((await pickUsers(dbUrl, today)).map((u) => signIn(servers.baseUrl, u)));
  log(`signed in ${users.length} seeded users (hubs: ${users.map((u) => u.hub).join(", ")})`);
  const only = args.only?.split(",");
  const fams = families(today).filter((f) => !only || only.includes(f.name));
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
      familyResults[f.name] = await benchFamily(f, users, servers, pool, dbUrl);
    }
  } finally {
    await pool.end();
  }
  return { families: familyResults };
}
