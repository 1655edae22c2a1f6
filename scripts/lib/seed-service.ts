import type pg from "pg";
import { addDays, todayInLondon } from "../../common/dates";
import { hashPassword } from "../../server/auth/passwords";
import { connect, runMigrations } from "../../server/db/open";
import { Prng } from "./prng";
import { suspendChecks } from "./seed-bulk";
import { dropSecondaryIndexes, prepareDatabase, resetSequences, writeSeedMarker } from "./seed-database";
import { makeRequests, makeUsers, type Requests, type UserRec } from "./seed-people";
import { insertRequests } from "./seed-requests-write";
import { DAYS, makeRosters, PAST_DAYS, type Roster } from "./seed-roster";
import { describeShape, type SeedShape, seedShape } from "./seed-shape";
import { insertAvailability, insertShifts, insertUsers, keepAvailableDayWindows } from "./seed-write";

/** Every seeded account signs in with this password. */
export const SEED_PASSWORD = "Seed!pass1";

export type SeedOptions = {
  url: string;
  users: number;
  seed: string;
  fresh?: boolean;
  /** Pins "today" (yyyy-MM-dd) so two runs on different days give identical data. */
  today?: string;
  log?: (msg: string) => void;
};

export type SeedResult = {
  users: number;
  shifts: number;
  availability: number;
  swapRequests: number;
  offers: number;
  messages: number;
  byStatus: Record<string, number>;
  /** What the service looks like: shifts per user, cover sought, days offered, matches (scripts/lib/seed-shape.ts). */
  shape: SeedShape;
  seconds: number;
  password: string;
};

export class SeedRefused extends Error {}

/** The whole service made in memory before anything is written. */
type Generated = {
  firstDay: string;
  dayStrings: string[];
  now: number;
  root: Prng;
  hash: string;
  people: UserRec[];
  roster: Roster;
  requests: Requests;
  shape: SeedShape;
};

async function generate(opts: SeedOptions, log: (msg: string) => void): Promise<Generated> {
  const n = opts.users;
  const today = opts.today ?? todayInLondon();
  const firstDay = addDays(today, -PAST_DAYS);
  const dayStrings = Array.from({ length: DAYS }, (_, i) => addDays(firstDay, i));
  // Instants are spread around the real "now", fixed per run by the pinned day.
  const now = new Date(`${today}T12:00:00Z`).getTime();
  const root = new Prng(opts.seed);
  const hash = await hashPassword(SEED_PASSWORD);

  const people = makeUsers(n, root.fork("users"), now);
  const roster = makeRosters(people, root.fork("rosters"), firstDay);
  const requests = makeRequests(people, roster, root.fork("swaps"), now);
  log(`generated ${n} users, ${roster.shiftCount} shifts, ${requests.list.length} swap requests in memory`);
  const shape = seedShape(people, roster);
  log(describeShape(shape));
  return { firstDay, dayStrings, now, root, hash, people, roster, requests, shape };
}

type Written = { shifts: number; availability: number; offers: number; messages: number };

/** Writes everything in one transaction, the bulk tables without their indexes and checks until the end. */
async function writeService(
  client: pg.PoolClient,
  opts: SeedOptions,
  g: Generated,
  started: number,
  log: (msg: string) => void,
): Promise<Written> {
  const { people, root, firstDay } = g;
  await client.query("begin");
  await client.query("set local synchronous_commit = off");
  await client.query("set local maintenance_work_mem = '256MB'");
  await insertUsers(client, people, g.hash);
  log("users written");
  // Building the secondary indexes once at the end is much faster than keeping them up row by row.
  const indexes = await dropSecondaryIndexes(client, ["shifts", "user_availability"]);
  const restoreChecks = await suspendChecks(client, ["shifts", "user_availability"]);
  const shifts = await insertShifts(client, people, g.roster, g.requests, root.fork("notes"), firstDay, log);
  const availability = await insertAvailability(client, log);
  for (const definition of indexes) await client.query(definition);
  log(`indexes rebuilt (${indexes.length})`);
  await keepAvailableDayWindows(client, log);
  await restoreChecks();
  log("foreign keys checked, triggers back on");
  const counts = await insertRequests(
    client,
    g.requests.list,
    people,
    root.fork("messages"),
    g.dayStrings,
    firstDay,
    g.now,
  );
  await resetSequences(client, ["users", "shifts", "swap_requests", "messages"]);
  const seconds = (performance.now() - started) / 1000;
  await writeSeedMarker(client, opts.users, opts.seed, firstDay, seconds);
  await client.query("commit");
  return { shifts, availability, ...counts };
}

/** Fills a database with a realistic service: clinicians, a year of rosters, swap requests and chats. */
export async function seedDatabase(opts: SeedOptions): Promise<SeedResult> {
  const log = opts.log ?? (() => undefined);
  const started = performance.now();
  const n = opts.users;
  if (!Number.isInteger(n) || n < 2) throw new Error("--users must be a whole number of at least 2");

  await prepareDatabase(opts.url, opts.fresh === true);
  const database = await connect(opts.url, 2);
  try {
    await runMigrations(database);
    const existing = await database.pool.query("select count(*)::int as n from users");
    if (existing.rows[0].n > 0) {
      throw new SeedRefused(
        `The database already has ${existing.rows[0].n} users; nothing was changed. Use --fresh to drop and recreate it.`,
      );
    }
    const g = await generate(opts, log);
    const client = await database.pool.connect();
    try {
      const written = await writeService(client, opts, g, started, log);
      log("committed; vacuuming and analysing tables");
      await client.query("vacuum analyze");
      const byStatus: Record<string, number> = {};
      for (const r of g.requests.list) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
      return {
        users: n,
        shifts: written.shifts,
        availability: written.availability,
        swapRequests: g.requests.list.length,
        offers: written.offers,
        messages: written.messages,
        byStatus,
        shape: g.shape,
        seconds: (performance.now() - started) / 1000,
        password: SEED_PASSWORD,
      };
    } catch (err) {
      await client.query("rollback").catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  } finally {
    await database.close();
  }
}
