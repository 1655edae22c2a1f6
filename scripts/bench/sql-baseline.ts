import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../../server/db/open";
import * as schema from "../../server/db/schema";
import { cpuMsOf, TICKS_PER_S } from "./proc-cpu.mjs";

export type Statement = { query: string; params: unknown[]; name?: string };
/** `cpuMs`: the backend's CPU per round (from /proc when the database runs on this machine), or null. */
export type SqlTiming = {
  statements: number;
  runs: number;
  p50: number;
  p99: number;
  mean: number;
  cpuMs: number | null;
};

/**
 * Records the SQL a service call sends (every query that reaches the pool, through Drizzle or as a
 * named prepared statement), so the baseline runs exactly the statements the endpoint runs, and
 * nothing of HTTP, JSON or the ORM.
 */
export async function captureSql(pool: pg.Pool, call: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const record = (config: string | pg.QueryConfig, values?: unknown[]) => {
    if (typeof config === "string") statements.push({ query: config, params: [...(values ?? [])] });
    else statements.push({ query: config.text, params: [...(config.values ?? values ?? [])], name: config.name });
  };
  const recording = Object.create(pool) as pg.Pool;
  recording.query = ((config: string | pg.QueryConfig, values?: unknown[]) => {
    record(config, values);
    return pool.query(config as pg.QueryConfig, values as unknown[]);
  }) as pg.Pool["query"];
  // Checked out from the pool itself: Pool's methods run with `this` the recording would keep the
  // pool's list of clients on the recording, and the pool's end() would then wait for a client it
  // no longer has (the bench hung after a family whose service opens a transaction). A
  // transaction's statements (begin, its body, commit) go through the client it checks out: those
  // are recorded too, until the client goes back to the pool.
  recording.connect = (async () => {
    const client = await pool.connect();
    const { query, release } = client;
    client.query = ((config: string | pg.QueryConfig, values?: unknown[]) => {
      record(config, values);
      return (query as (c: pg.QueryConfig, v?: unknown[]) => Promise<pg.QueryResult>).call(
        client,
        config as pg.QueryConfig,
        values,
      );
    }) as pg.PoolClient["query"];
    client.release = (err?: Error | boolean) => {
      client.query = query;
      client.release = release;
      return release.call(client, err);
    };
    return client;
  }) as pg.Pool["connect"];
  await call(drizzle(recording, { schema }));
  return statements;
}

/** Below ten ticks of the CPU clock a backend's CPU is mostly rounding: not reported, and no work verdict. */
const MIN_CPU_MS = (10 * 1000) / TICKS_PER_S;
/** What a floor runs for at least, past its rounds: fifty ticks, so rounding is at most 2 %. */
const ENOUGH_CPU_MS = (50 * 1000) / TICKS_PER_S;

const round = (n: number) => Math.round(n * 100) / 100;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Runs the statements in order on one connection, `runs` times after a warm-up and on until the
 * backend's CPU is measurable (or for `maxMs`, whichever ends first, at least 50 rounds), timing each round.
 */
export async function timeSql(url: string, statements: Statement[], runs: number, maxMs: number): Promise<SqlTiming> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const once = async () => {
      for (const s of statements) await client.query({ text: s.query, values: s.params, name: s.name });
    };
    for (let i = 0; i < Math.min(50, runs); i++) await once();
    const backend = (await client.query("select pg_backend_pid() as pid")).rows[0].pid as number;
    const cpuBefore = cpuMsOf(backend);
    const times: number[] = [];
    const deadline = performance.now() + maxMs;
    // A cheap floor (a fraction of a millisecond) runs on past `runs` until its backend has used
    // enough CPU to measure, else its figure would be rounding and its family would get no verdict.
    const measurable = () => {
      const now = cpuMsOf(backend);
      return cpuBefore === null || now === null || now - cpuBefore >= ENOUGH_CPU_MS;
    };
    for (let i = 0; i < 50 || performance.now() < deadline; i++) {
      if (i >= runs && i % 100 === 0 && measurable()) break;
      const t0 = performance.now();
      await once();
      times.push(performance.now() - t0);
    }
    const cpuAfter = cpuMsOf(backend);
    times.sort((a, b) => a - b);
    return {
      cpuMs:
        cpuBefore === null || cpuAfter === null || cpuAfter - cpuBefore < MIN_CPU_MS
          ? null
          : Number(((cpuAfter - cpuBefore) / times.length).toFixed(3)),
      statements: statements.length,
      runs: times.length,
      p50: round(percentile(times, 50)),
      p99: round(percentile(times, 99)),
      mean: round(times.reduce((s, n) => s + n, 0) / times.length),
    };
  } finally {
    await client.end();
  }
}
