import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { addDays } from "../../common/dates";
import { allDayStatusesSql, allKeptColumnsSql } from "../../server/db/availability-index";
import { shiftNotes } from "./names";
import type { Prng } from "./prng";
import { DAY, NIGHT, NONE, OFF_DAY } from "./rota";
import type { Requests, UserRec } from "./seed-people";
import { DAYS, mainId, NOTE, PROTECTED, type Roster, SEEKING } from "./seed-roster";

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

export async function insertUsers(client: pg.PoolClient, people: UserRec[], hash: string) {
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

type ShiftLines = {
  push: (
    id: number,
    uid: number,
    d: number,
    type: string,
    t: number,
    note: string | null,
    loc: string | null,
    p: boolean,
    r: boolean,
  ) => void;
  text: () => string;
};

/** Collects COPY lines for shifts on the given dates. */
function shiftLines(dates: string[]): ShiftLines {
  const lines: string[] = [];
  return {
    push: (id, uid, d, type, t, note, loc, p, r) => {
      const times = t === 0 ? "\\N\t\\N" : `${startTimes[t - 1]}\t${endTimes[t - 1]}`;
      lines.push(
        `${id}\t${uid}\t${dates[d]}\t${type}\t${times}\t${copyValue(loc)}\t${copyValue(note)}\t${p ? "t" : "f"}\t${r ? "t" : "f"}\n`,
      );
    },
    text: () => lines.join(""),
  };
}

/** One person's year of shifts, with cover sought beside and rest days got back from completed swaps. */
function personShifts(
  out: ShiftLines,
  p: UserRec,
  roster: Roster,
  requests: Requests,
  restBack: [number, number][],
  rng: Prng,
): void {
  const { kinds, flags, seekingIds } = roster;
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
    out.push(id, owner, d, kindTypes[k], t, note, loc, (f & PROTECTED) !== 0, k === OFF_DAY);
    if (f & SEEKING) out.push(seekingIds[row + d], p.id, d, "seeking_coverage", t, null, null, false, false);
  }
  for (const [d, id] of restBack) out.push(id, p.id, d, "rest_day", 0, null, null, false, false);
}

/**
 * Writes the rosters with COPY, a few hundred users' rows a chunk: the next chunk is made while
 * PostgreSQL takes the one before.
 */
export async function insertShifts(
  client: pg.PoolClient,
  people: UserRec[],
  roster: Roster,
  requests: Requests,
  rng: Prng,
  firstDay: string,
  log: (msg: string) => void,
): Promise<number> {
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
      const lines = shiftLines(dates);
      for (const p of people.slice(start, start + usersPerChunk)) {
        personShifts(lines, p, roster, requests, restBackByUser.get(p.id) ?? [], rng);
      }
      if ((start / usersPerChunk) % 5 === 4) log(`shifts: ${start + usersPerChunk} users' rows made`);
      yield lines.text();
    }
  }
  const sink = client.query(copyFrom(SHIFT_COPY));
  // One chunk made ahead at most: each is a few megabytes of text.
  await pipeline(Readable.from(chunks(), { highWaterMark: 1 }), sink);
  log(`shifts written: ${sink.rowCount}`);
  return sink.rowCount;
}

/** Builds the user_availability index from the shifts with the one rule (server/availability/queries.ts). */
export async function insertAvailability(client: pg.PoolClient, log: (msg: string) => void): Promise<number> {
  // One pass over the table: the shifts have no secondary index yet, so batches would each scan it.
  await client.query("set local work_mem = '512MB'");
  const { sql: text, params } = new PgDialect().sqlToQuery(allDayStatusesSql);
  const res = await client.query(text, params);
  await client.query("reset work_mem");
  log(`availability written: ${res.rowCount}`);
  return res.rowCount ?? 0;
}

/** Each Available Off Day's fortnight and 17 weeks, as the app keeps them (after the indexes: it reads by them). */
export async function keepAvailableDayWindows(client: pg.PoolClient, log: (msg: string) => void): Promise<void> {
  const { sql: text, params } = new PgDialect().sqlToQuery(allKeptColumnsSql);
  const res = await client.query(text, params);
  log(`available days' windows kept: ${res.rowCount}`);
}
