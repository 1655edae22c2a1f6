import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { addDays, todayInLondon } from "../../common/dates";
import { type ClinicalGrade, clinicalGrades, type SwapStatus, type SwapUrgency } from "../../common/enums";
import { hubForBase, paramedicBases } from "../../common/hubs";
import { hashPassword } from "../../server/auth/passwords";
import { allDayStatusesSql } from "../../server/db/availability-index";
import { connect, runMigrations } from "../../server/db/open";
import { experienceNotes, firstNames, lastNames, replyLines, shiftNotes } from "./names";
import { Prng } from "./prng";
import { DAY, NIGHT, NONE, OFF_DAY, REST } from "./rota";
import { suspendChecks } from "./seed-bulk";
import { DAYS, mainId, makeRosters, NOTE, PAST_DAYS, PROTECTED, REQUESTED, type Roster, SEEKING } from "./seed-roster";
import { describeShape, type SeedShape, seedShape } from "./seed-shape";

/** Every seeded account signs in with this password. */
export const SEED_PASSWORD = "Seed!pass1";

const kindTypes = ["", "day", "night", "rest_day", "rest_day", "annual_leave"] as const;

const timeVariants = [
  { day: ["07:00", "19:00"], night: ["19:00", "07:00"] },
  { day: ["06:00", "18:00"], night: ["18:00", "06:00"] },
  { day: ["08:00", "20:00"], night: ["20:00", "08:00"] },
  { day: ["07:30", "19:30"], night: ["19:30", "07:30"] },
] as const;
// Times sent to SQL as indexes into these lists (1-based; 0 = no time).
const startTimes = timeVariants.flatMap((v) => [v.day[0], v.night[0]]);
const endTimes = timeVariants.flatMap((v) => [v.day[1], v.night[1]]);

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

export type SeedMarker = { users: number; seed: string; firstDay: string; seededAt: string; seconds: number | null };

export class SeedRefused extends Error {}

type UserRec = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  grade: ClinicalGrade;
  base: string;
  hub: string;
  urgency: SwapUrgency;
  seeking: boolean;
  phone: string | null;
  experience: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  times: number;
};

type RequestRec = {
  id: number;
  requester: number;
  responder: number | null;
  shiftId: number;
  day: number;
  status: SwapStatus;
  createdAt: Date;
  updatedAt: Date;
  requesterAgreed: boolean;
  responderAgreed: boolean;
  requesterAgreedAt: Date | null;
  responderAgreedAt: Date | null;
  grsSubmitted: boolean;
  grsApproved: boolean;
  offers: number[];
};

/** Where a database's maintenance connection goes, and the database's name. */
function splitUrl(url: string): { adminUrl: string; name: string } {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, "")) || "postgres";
  const admin = new URL(url);
  admin.pathname = name === "postgres" ? "/template1" : "/postgres";
  return { adminUrl: admin.toString(), name };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Creates the database when missing; with `fresh`, drops and recreates it first. */
export async function prepareDatabase(url: string, fresh: boolean): Promise<void> {
  const { adminUrl, name } = splitUrl(url);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
    if (exists && fresh) {
      await admin.query(`drop database ${quoteIdent(name)} with (force)`);
    }
    if (!exists || fresh) await admin.query(`create database ${quoteIdent(name)}`);
  } finally {
    await admin.end();
  }
}

/** What an earlier seed run left in the database, if it finished. */
export async function readSeedMarker(url: string): Promise<SeedMarker | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return undefined;
  }
  try {
    const table = await client.query("select to_regclass('public.crewswap_seed') as t");
    if (!table.rows[0].t) return undefined;
    const { rows } = await client.query(
      "select users, seed, first_day::text as first_day, seeded_at, seconds from crewswap_seed order by seeded_at desc limit 1",
    );
    if (!rows[0]) return undefined;
    return {
      users: rows[0].users,
      seed: rows[0].seed,
      firstDay: rows[0].first_day,
      seededAt: new Date(rows[0].seeded_at).toISOString(),
      seconds: rows[0].seconds === null ? null : Math.round(rows[0].seconds * 10) / 10,
    };
  } finally {
    await client.end();
  }
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

    const client = await database.pool.connect();
    try {
      await client.query("begin");
      await client.query("set local synchronous_commit = off");
      await client.query("set local maintenance_work_mem = '256MB'");
      await insertUsers(client, people, hash);
      log("users written");
      // Building the secondary indexes once at the end is much faster than keeping them up row by row.
      const indexes = await dropSecondaryIndexes(client, ["shifts", "user_availability"]);
      const restoreChecks = await suspendChecks(client, ["shifts", "user_availability"]);
      const shiftCount = await insertShifts(client, people, roster, requests, root.fork("notes"), firstDay, log);
      const availability = await insertAvailability(client, log);
      for (const definition of indexes) await client.query(definition);
      log(`indexes rebuilt (${indexes.length})`);
      await restoreChecks();
      log("foreign keys checked, triggers back on");
      const counts = await insertRequests(
        client,
        requests.list,
        people,
        root.fork("messages"),
        dayStrings,
        firstDay,
        now,
      );
      for (const table of ["users", "shifts", "swap_requests", "messages"]) {
        await client.query(
          `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`,
        );
      }
      await client.query(`create table if not exists crewswap_seed (
        users integer not null, seed text not null, first_day date not null,
        seconds real, seeded_at timestamptz not null default now())`);
      const seconds = (performance.now() - started) / 1000;
      await client.query("insert into crewswap_seed (users, seed, first_day, seconds) values ($1, $2, $3, $4)", [
        n,
        opts.seed,
        firstDay,
        seconds,
      ]);
      await client.query("commit");
      log("committed; vacuuming and analysing tables");
      await client.query("vacuum analyze");
      const byStatus: Record<string, number> = {};
      for (const r of requests.list) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
      return {
        users: n,
        shifts: shiftCount,
        availability,
        swapRequests: requests.list.length,
        offers: counts.offers,
        messages: counts.messages,
        byStatus,
        shape,
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

function makeUsers(n: number, rng: Prng, now: number): UserRec[] {
  const out: UserRec[] = [];
  for (let id = 1; id <= n; id++) {
    const firstName = rng.pick(firstNames);
    const lastName = rng.pick(lastNames);
    const grade = rng.weighted<ClinicalGrade>([
      ["paramedic", 55],
      ["technician", 30],
      ["student_paramedic", 15],
    ]);
    const base = rng.pick(paramedicBases);
    const urgency = rng.weighted<SwapUrgency>([
      ["urgent", 20],
      ["none", 70],
      ["not_available", 10],
    ]);
    const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.-]/g, "");
    out.push({
      id,
      firstName,
      lastName,
      email: `${local}${id}@nhs.net`,
      grade,
      base,
      hub: hubForBase(base),
      urgency,
      // The profile keeps the two in step: urgent means actively seeking (common/profile.ts).
      seeking: urgency === "urgent",
      phone: rng.chance(0.6) ? `07${rng.int(100, 999)} ${rng.int(100000, 999999)}` : null,
      experience: rng.chance(0.4) ? rng.pick(experienceNotes) : null,
      createdAt: new Date(now - rng.int(1, 400) * 86_400_000 - rng.int(0, 86_399) * 1000),
      lastLoginAt: rng.chance(0.8) ? new Date(now - rng.int(0, 30 * 86_400) * 1000) : null,
      times: rng.weighted([
        [0, 70],
        [1, 10],
        [2, 10],
        [3, 10],
      ]),
    });
  }
  return out;
}

type Requests = {
  list: RequestRec[];
  /** Requester shift id → responder: completed swaps moved the shift. */
  moved: Map<number, number>;
  /** Rest days the requesters of completed swaps got back: [userId, day, shiftId]. */
  restBack: [number, number, number][];
};

function makeRequests(people: UserRec[], roster: Roster, rng: Prng, now: number): Requests {
  const n = people.length;
  const { kinds, flags, seekingIds } = roster;
  // Same-grade clinicians with an Available Off Day, per future day.
  const offDays = new Map<number, number[]>();
  const gradeIndex = (g: ClinicalGrade) => clinicalGrades.indexOf(g);
  for (const p of people) {
    const row = (p.id - 1) * DAYS;
    for (let d = PAST_DAYS + 1; d < DAYS; d++) {
      if (kinds[row + d] !== OFF_DAY) continue;
      const key = gradeIndex(p.grade) * DAYS + d;
      const list = offDays.get(key);
      if (list) list.push(p.id);
      else offDays.set(key, [p.id]);
    }
  }
  const usedResponderDays = new Set<number>();
  const list: RequestRec[] = [];
  const moved = new Map<number, number>();
  const restBack: [number, number, number][] = [];
  const target = Math.max(4, Math.round(n * 0.35));
  const statuses: [SwapStatus | "open" | "open_cancelled", number][] = [
    ["open", 14],
    ["pending", 26],
    ["accepted", 12],
    ["declined", 12],
    ["completed", 14],
    ["cancelled", 18],
    ["open_cancelled", 4],
  ];
  let attempts = 0;
  while (list.length < target && attempts < target * 20) {
    attempts++;
    const pickStatus = rng.weighted(statuses);
    const requester = people[rng.int(0, n - 1)];
    const row = (requester.id - 1) * DAYS;
    let day = -1;
    for (let t = 0; t < 30; t++) {
      const d = rng.int(PAST_DAYS + 1, DAYS - 1);
      const k = kinds[row + d];
      if ((k === DAY || k === NIGHT) && !(flags[row + d] & (PROTECTED | SEEKING | REQUESTED))) {
        day = d;
        break;
      }
    }
    if (day < 0) continue;
    const open = pickStatus === "open" || pickStatus === "open_cancelled";
    let responder: UserRec | null = null;
    if (!open) {
      const candidates = (offDays.get(gradeIndex(requester.grade) * DAYS + day) ?? []).filter(
        (id) => id !== requester.id && !usedResponderDays.has((id - 1) * DAYS + day),
      );
      if (candidates.length === 0) continue;
      // Most swaps happen between colleagues of one hub.
      let chosen = rng.pick(candidates);
      for (let t = 0; t < 6 && people[chosen - 1].hub !== requester.hub; t++) chosen = rng.pick(candidates);
      responder = people[chosen - 1];
      usedResponderDays.add((chosen - 1) * DAYS + day);
    }
    const status: SwapStatus =
      pickStatus === "open" ? "pending" : pickStatus === "open_cancelled" ? "cancelled" : pickStatus;
    flags[row + day] |= REQUESTED;
    const shiftId = mainId(requester.id, day);
    const createdAt = new Date(now - rng.int(3600, 40 * 86_400) * 1000);
    const updatedAt = new Date(createdAt.getTime() + rng.int(0, Math.floor((now - createdAt.getTime()) / 1000)) * 1000);
    const rec: RequestRec = {
      id: list.length + 1,
      requester: requester.id,
      responder: responder?.id ?? null,
      shiftId,
      day,
      status,
      createdAt,
      updatedAt,
      requesterAgreed: false,
      responderAgreed: false,
      requesterAgreedAt: null,
      responderAgreedAt: null,
      grsSubmitted: false,
      grsApproved: false,
      offers: [],
    };
    if (status === "accepted") {
      if (rng.chance(0.5)) {
        rec.requesterAgreed = true;
        rec.requesterAgreedAt = updatedAt;
      } else {
        rec.responderAgreed = true;
        rec.responderAgreedAt = updatedAt;
      }
    }
    if (status === "completed" && responder) {
      rec.requesterAgreed = true;
      rec.responderAgreed = true;
      rec.requesterAgreedAt = new Date(updatedAt.getTime() - rng.int(60, 86_400) * 1000);
      rec.responderAgreedAt = updatedAt;
      rec.grsSubmitted = rng.chance(0.7);
      rec.grsApproved = rec.grsSubmitted && rng.chance(0.6);
      // DESIGN §5.7: the shift moves to the responder, whose rest day goes; the requester rests.
      moved.set(shiftId, responder.id);
      kinds[(responder.id - 1) * DAYS + day] = NONE;
      restBack.push([requester.id, day, roster.nextId++]);
    }
    if (responder && status !== "completed" && rng.chance(0.4)) {
      // Offers: the responder's seeking-coverage shifts on days the requester is free (DESIGN §5.16).
      const rrow = (responder.id - 1) * DAYS;
      const limit = rng.int(1, 3);
      for (let d = PAST_DAYS + 1; d < DAYS && rec.offers.length < limit; d++) {
        const free = kinds[row + d] === REST || kinds[row + d] === OFF_DAY;
        if (seekingIds[rrow + d] && free) rec.offers.push(seekingIds[rrow + d]);
      }
    }
    list.push(rec);
  }
  roster.shiftCount = roster.nextId - 1 - countRemoved(list);
  return { list, moved, restBack };
}

const countRemoved = (list: RequestRec[]) => list.filter((r) => r.status === "completed").length;

async function dropSecondaryIndexes(client: pg.PoolClient, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition
     from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  for (const r of rows) await client.query(`drop index ${quoteIdent(r.name)}`);
  return rows.map((r) => r.definition);
}

async function insertUsers(client: pg.PoolClient, people: UserRec[], hash: string) {
  const batch = 5000;
  for (let i = 0; i < people.length; i += batch) {
    const part = people.slice(i, i + batch);
    await client.query(
      `insert into users (id, username, email, password, first_name, last_name, clinical_grade, paramedic_base, hub,
         phone_number, experience, actively_seeking_swaps, swap_urgency, created_at, last_login_at)
       select id, email, email, $1, fn, ln, grade::user_role, base, hub::hub, phone, exp, seeking, urg::swap_urgency, ca, la
       from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
         $10::text[], $11::bool[], $12::text[], $13::timestamptz[], $14::timestamptz[])
         as x(id, email, fn, ln, grade, base, hub, phone, exp, seeking, urg, ca, la)`,
      [
        hash,
        part.map((p) => p.id),
        part.map((p) => p.email),
        part.map((p) => p.firstName),
        part.map((p) => p.lastName),
        part.map((p) => p.grade),
        part.map((p) => p.base),
        part.map((p) => p.hub),
        part.map((p) => p.phone),
        part.map((p) => p.experience),
        part.map((p) => p.seeking),
        part.map((p) => p.urgency),
        part.map((p) => p.createdAt.toISOString()),
        part.map((p) => p.lastLoginAt?.toISOString() ?? null),
      ],
    );
  }
}

const SHIFT_COPY = `copy shifts (id, user_id, date, shift_type, start_time, end_time, location, notes, is_protected,
  rest_day_shift_interest) from stdin`;

/** A value in COPY's text format. */
const copyValue = (v: string | null) =>
  v === null
    ? "\\N"
    : v.replace(/[\\\t\n\r]/g, (c) => ({ "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" })[c] ?? c);

/**
 * Writes the rosters with COPY, a few hundred users' rows a chunk: the next chunk is made while
 * PostgreSQL takes the one before.
 */
async function insertShifts(
  client: pg.PoolClient,
  people: UserRec[],
  roster: Roster,
  requests: Requests,
  rng: Prng,
  firstDay: string,
  log: (msg: string) => void,
): Promise<number> {
  const { kinds, flags, seekingIds } = roster;
  const restBackByUser = new Map<number, [number, number][]>();
  for (const [u, d, id] of requests.restBack) {
    const list = restBackByUser.get(u) ?? [];
    list.push([d, id]);
    restBackByUser.set(u, list);
  }
  const dates = Array.from({ length: DAYS }, (_, d) => addDays(firstDay, d));
  const usersPerChunk = 400;
  function* chunks() {
    for (let start = 0; start < people.length; start += usersPerChunk) {
      const lines: string[] = [];
      const push = (
        id: number,
        uid: number,
        d: number,
        type: string,
        t: number,
        note: string | null,
        loc: string | null,
        p: boolean,
        r: boolean,
      ) => {
        const times = t === 0 ? "\\N\t\\N" : `${startTimes[t - 1]}\t${endTimes[t - 1]}`;
        lines.push(
          `${id}\t${uid}\t${dates[d]}\t${type}\t${times}\t${copyValue(loc)}\t${copyValue(note)}\t${p ? "t" : "f"}\t${r ? "t" : "f"}\n`,
        );
      };
      for (const p of people.slice(start, start + usersPerChunk)) {
        const row = (p.id - 1) * DAYS;
        const station = `${p.base} Ambulance Station`;
        for (let d = 0; d < DAYS; d++) {
          const k = kinds[row + d];
          if (k === NONE) continue;
          const f = flags[row + d];
          const timed = k === DAY || k === NIGHT;
          const t = timed ? p.times * 2 + (k === DAY ? 1 : 2) : 0;
          const id = mainId(p.id, d);
          const owner = requests.moved.get(id) ?? p.id;
          const note = f & NOTE ? rng.pick(shiftNotes) : null;
          const loc = timed && rng.chance(0.05) ? station : null;
          push(id, owner, d, kindTypes[k], t, note, loc, (f & PROTECTED) !== 0, k === OFF_DAY);
          if (f & SEEKING) push(seekingIds[row + d], p.id, d, "seeking_coverage", t, null, null, false, false);
        }
        for (const [d, id] of restBackByUser.get(p.id) ?? [])
          push(id, p.id, d, "rest_day", 0, null, null, false, false);
      }
      if ((start / usersPerChunk) % 5 === 4) log(`shifts: ${start + usersPerChunk} users' rows made`);
      yield lines.join("");
    }
  }
  const sink = client.query(copyFrom(SHIFT_COPY));
  // One chunk made ahead at most: each is a few megabytes of text.
  await pipeline(Readable.from(chunks(), { highWaterMark: 1 }), sink);
  log(`shifts written: ${sink.rowCount}`);
  return sink.rowCount;
}

/** Builds the user_availability index from the shifts with the one rule (server/availability/queries.ts). */
async function insertAvailability(client: pg.PoolClient, log: (msg: string) => void): Promise<number> {
  // One pass over the table: the shifts have no secondary index yet, so batches would each scan it.
  await client.query("set local work_mem = '512MB'");
  const { sql: text, params } = new PgDialect().sqlToQuery(allDayStatusesSql);
  const res = await client.query(text, params);
  await client.query("reset work_mem");
  log(`availability written: ${res.rowCount}`);
  return res.rowCount ?? 0;
}

function shortDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

async function insertRequests(
  client: pg.PoolClient,
  list: RequestRec[],
  people: UserRec[],
  rng: Prng,
  dayStrings: string[],
  firstDay: string,
  now: number,
): Promise<{ offers: number; messages: number }> {
  if (list.length === 0) return { offers: 0, messages: 0 };
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  await client.query(
    `insert into swap_requests (id, requester_id, responder_id, requester_shift_id, responder_availability_id, status,
       created_at, updated_at, grs_submitted, grs_approved, requester_agreed, responder_agreed,
       requester_agreed_at, responder_agreed_at)
     select x.id, x.rq, x.rs, x.sh, ua.id, x.st::swap_status, x.ca, x.ua, x.gs, x.ga, x.ra, x.sa, x.raa, x.saa
     from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::text[], $7::timestamptz[],
       $8::timestamptz[], $9::bool[], $10::bool[], $11::bool[], $12::bool[], $13::timestamptz[], $14::timestamptz[])
       as x(id, rq, rs, sh, d, st, ca, ua, gs, ga, ra, sa, raa, saa)
     left join user_availability ua on ua.user_id = x.rs and ua.date = $15::date + x.d`,
    [
      list.map((r) => r.id),
      list.map((r) => r.requester),
      list.map((r) => r.responder),
      list.map((r) => r.shiftId),
      list.map((r) => r.day),
      list.map((r) => r.status),
      list.map((r) => iso(r.createdAt)),
      list.map((r) => iso(r.updatedAt)),
      list.map((r) => r.grsSubmitted),
      list.map((r) => r.grsApproved),
      list.map((r) => r.requesterAgreed),
      list.map((r) => r.responderAgreed),
      list.map((r) => iso(r.requesterAgreedAt)),
      list.map((r) => iso(r.responderAgreedAt)),
      firstDay,
    ],
  );

  const offerReq: number[] = [];
  const offerShift: number[] = [];
  for (const r of list) {
    for (const s of r.offers) {
      offerReq.push(r.id);
      offerShift.push(s);
    }
  }
  if (offerReq.length) {
    await client.query(
      "insert into swap_request_offers (swap_request_id, shift_id) select * from unnest($1::int[], $2::int[])",
      [offerReq, offerShift],
    );
  }

  const m = {
    id: [] as number[],
    req: [] as number[],
    sender: [] as number[],
    content: [] as string[],
    at: [] as string[],
    read: [] as boolean[],
  };
  for (const r of list) {
    const requester = people[r.requester - 1];
    const responder = r.responder ? people[r.responder - 1] : null;
    const day = shortDay(dayStrings[r.day]);
    const greeting = responder ? `Hi ${responder.firstName}` : "Hi all";
    const intro = `${greeting}, I'm looking to swap my shift on ${day}. ${
      responder ? "I can see you're available that day" : "Is anyone free that day"
    } — would you be able to cover it?${r.offers.length ? ` I can do one of your seeking-coverage shifts in return.` : ""} Thanks, ${requester.firstName}`;
    const count = !responder ? 1 : r.status === "declined" || r.status === "cancelled" ? rng.int(1, 3) : rng.int(1, 8);
    const unreadTail = rng.chance(0.3) ? rng.int(1, 2) : 0;
    let at = r.createdAt.getTime();
    for (let i = 0; i < count; i++) {
      const fromRequester = i === 0 || (responder ? rng.chance(0.45) : true);
      m.id.push(m.id.length + 1);
      m.req.push(r.id);
      m.sender.push(fromRequester ? r.requester : (r.responder as number));
      m.content.push(i === 0 ? intro : rng.pick(replyLines));
      m.at.push(new Date(Math.min(at, now)).toISOString());
      m.read.push(!(i >= count - unreadTail));
      at += rng.int(30, 6 * 3600) * 1000;
    }
  }
  await client.query(
    `insert into messages (id, swap_request_id, sender_id, content, created_at, is_read)
     select * from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::timestamptz[], $6::bool[])`,
    [m.id, m.req, m.sender, m.content, m.at, m.read],
  );
  return { offers: offerReq.length, messages: m.id.length };
}
