import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../../server/db/open";
import * as schema from "../../server/db/schema";

export type Statement = { query: string; params: unknown[]; name?: string };
export type SqlTiming = { statements: number; runs: number; p50: number; p99: number; mean: number };

/**
 * Records the SQL a service call sends (every query that reaches the pool, through Drizzle or as a
 * named prepared statement), so the baseline runs exactly the statements the endpoint runs, and
 * nothing of HTTP, JSON or the ORM.
 */
export async function captureSql(pool: pg.Pool, call: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const recording = Object.create(pool) as pg.Pool;
  // A transaction checks out a client: from the pool itself, or pg-pool's bookkeeping (it assigns
  // arrays on `this` when a client goes) lands on this object, and the pool's end() then waits for
  // a client it no longer has (the bench hung after its last family).
  recording.connect = pool.connect.bind(pool) as pg.Pool["connect"];
  recording.query = ((config: string | pg.QueryConfig, values?: unknown[]) => {
    if (typeof config === "string") statements.push({ query: config, params: [...(values ?? [])] });
    else statements.push({ query: config.text, params: [...(config.values ?? values ?? [])], name: config.name });
    return pool.query(config as pg.QueryConfig, values as unknown[]);
  }) as pg.Pool["query"];
  await call(drizzle(recording, { schema }));
  return statements;
}

const round = (n: number) => Math.round(n * 100) / 100;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Runs the statements in order on one connection, `runs` times after a warm-up (or for `maxMs`,
 * whichever ends first, at least 50 rounds), timing each round.
 */
export async function timeSql(url: string, statements: Statement[], runs: number, maxMs: number): Promise<SqlTiming> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const once = async () => {
      for (const s of statements) await client.query({ text: s.query, values: s.params, name: s.name });
    };
    for (let i = 0; i < Math.min(50, runs); i++) await once();
    const times: number[] = [];
    const deadline = performance.now() + maxMs;
    for (let i = 0; i < runs && (i < 50 || performance.now() < deadline); i++) {
      const t0 = performance.now();
      await once();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return {
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
