// Phase 1 of `npm run bench`: the seeded database (seeded or reused), tidied of earlier runs, the
// built client and its size.
import path from "node:path";
import pg from "pg";
import { addDays, todayInLondon } from "../../common/dates";
import { root, runNode } from "../lib/processes";
import { readSeedMarker } from "../lib/seed-database";
import { seedDatabase } from "../lib/seed-service";
import { type ClientSize, measureClient } from "./client-size";
import { args, log, MESSAGE_MARK, quick, USERS } from "./config";

export const benchDatabaseName = () => (quick ? "crewswap_bench_quick" : "crewswap_bench");

export function benchDatabaseUrl(): string {
  if (args["database-url"]) return args["database-url"];
  const server = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  server.pathname = `/${benchDatabaseName()}`;
  return server.toString();
}

/** `seconds` is how long the seeding took, in this run or in the run that seeded the reused database. */
export type SeedInfo = { reused: boolean; seconds: number | null; users: number; shifts: number; messages: number };

export async function ensureSeeded(url: string): Promise<SeedInfo> {
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

export async function tidy(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query("delete from messages where content like $1", [`${MESSAGE_MARK}%`]);
    await c.query("delete from users where id > $1", [USERS]);
    await c.query("delete from sessions");
    // The bench signs in dozens of clinicians a run from one address: earlier runs' sign-ins must
    // not count against this one's (300 an hour an address, server/app.ts).
    await c.query("delete from rate_limits");
  } finally {
    await c.end();
  }
}

/** Phase 1: the seeded database, the built client and its size. */
export async function prepare(dbUrl: string) {
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

export async function postgresVersion(dbUrl: string) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  const v = (await c.query("show server_version")).rows[0].server_version as string;
  await c.end();
  return v;
}

/**
 * Database work per request comes from pg_stat_statements where the server loads it (the extension
 * is created in the bench database if need be); elsewhere from pg_stat_database, which counts
 * transactions rather than statements. Returns the note the report prints.
 */
export async function enableStatementStats(dbUrl: string): Promise<string> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const preload = (await c.query("show shared_preload_libraries")).rows[0].shared_preload_libraries as string;
    if (!preload.split(",").some((lib) => lib.trim() === "pg_stat_statements")) {
      return "database work from pg_stat_database (transactions, rows read, blocks): this server does not load pg_stat_statements (shared_preload_libraries)";
    }
    await c.query("create extension if not exists pg_stat_statements");
    return "database work from pg_stat_statements (statements, rows, shared blocks hit + read)";
  } catch (err) {
    return `database work from pg_stat_database: pg_stat_statements could not be used (${(err as Error).message})`;
  } finally {
    await c.end();
  }
}
