// The cover-alert bench's population (issue 36, DESIGN §7): how far the seeded service's open
// requests reach as it is, and a day on which 300 or more colleagues could cover one shift. The
// seed marks about 74 same-grade Available Off Days a day across the service, and colleagues
// follow their own hub only (about 9 a request), so the bench makes one: colleagues of one grade
// who rest that day mark it as an Available Off Day and follow all hubs. Every change is listed in
// a table of its own and undone at the end, or at the start of the next run if this one died.

import type pg from "pg";
import { addDays } from "../../common/dates";
import type { ShiftType } from "../../common/enums";
import type { Hub } from "../../common/hubs";
import { DEFAULT_WTR_LIMITS } from "../../common/working-time";
import { syncAvailability } from "../../server/db/availability-index";
import type { Db } from "../../server/db/open";
import { eligibleColleagues } from "../../server/swaps/cover-alerts";
import { median } from "./runs";

const TABLE = "bench_cover_scenario";

export type NeedShift = { date: string; shiftType: ShiftType; startTime: string | null; endTime: string | null };
export type Requester = { id: number; email: string; clinicalGrade: "paramedic"; hub: Hub | null; shiftId: number };
export type Scenario = {
  day: string;
  shift: NeedShift;
  requesters: Requester[];
  /** Colleagues whose rest day the bench marked. */
  candidates: number[];
  /** Who passes the eligibility step for the first requester's shift, and how many. */
  eligibleIds: number[];
  eligible: number;
};

export type Reach = {
  openRequests: number;
  mean: number;
  median: number | null;
  max: number;
  /** Share of open requests that reach nobody. */
  noneShare: number;
};

/**
 * How many colleagues each of the seed's open requests (pending, no responder, an unprotected day or
 * night shift after today) would alert, by the product's own eligibility step.
 */
export async function seededReach(pool: pg.Pool, db: Db, today: string): Promise<Reach> {
  const { rows } = await pool.query(
    `select r.id, u.id as user_id, u.clinical_grade, u.hub, u.email_verified_at is not null as verified,
       to_char(s.date, 'YYYY-MM-DD') as date, s.shift_type, s.start_time, s.end_time
     from swap_requests r join shifts s on s.id = r.requester_shift_id join users u on u.id = r.requester_id
     where r.status = 'pending' and r.responder_id is null and s.date > $1::date
       and s.shift_type in ('day', 'night') and not s.is_protected
     order by r.id`,
    [today],
  );
  const counts: number[] = [];
  for (const r of rows) {
    if (!r.verified) {
      counts.push(0);
      continue;
    }
    const requester = { id: r.user_id, clinicalGrade: r.clinical_grade, hub: r.hub };
    const shift = { date: r.date, shiftType: r.shift_type, startTime: r.start_time, endTime: r.end_time };
    counts.push((await eligibleColleagues(db, DEFAULT_WTR_LIMITS, requester, r.id, shift)).length);
  }
  const n = counts.length;
  return {
    openRequests: n,
    mean: n ? Math.round((counts.reduce((s, c) => s + c, 0) / n) * 10) / 10 : 0,
    median: median(counts),
    max: n ? Math.max(...counts) : 0,
    noneShare: n ? Math.round((counts.filter((c) => c === 0).length / n) * 1000) / 1000 : 0,
  };
}

/** Undoes what an earlier run changed, if anything. */
export async function restoreScenario(pool: pg.Pool): Promise<void> {
  const { rows: t } = await pool.query("select to_regclass($1) as t", [TABLE]);
  if (!t[0].t) return;
  const { rows } = await pool.query<{ kind: string; id: number; day: string }>(
    `select kind, id, to_char(day, 'YYYY-MM-DD') as day from ${TABLE}`,
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  for (const day of new Set(of("candidate").map((r) => r.day))) {
    const ids = of("candidate")
      .filter((r) => r.day === day)
      .map((r) => r.id);
    await pool.query(
      `update shifts set rest_day_shift_interest = false
       where user_id = any($1::int[]) and date = $2::date and shift_type = 'rest_day'`,
      [ids, day],
    );
    await pool.query(
      "update user_availability set status = 'rest' where user_id = any($1::int[]) and date = $2::date",
      [ids, day],
    );
    await pool.query("delete from notification_settings where user_id = any($1::int[])", [ids]);
  }
  const requests = of("request").map((r) => r.id);
  await pool.query("delete from notification_outbox where swap_request_id = any($1::int[])", [requests]);
  await pool.query("delete from swap_requests where id = any($1::int[])", [requests]);
  await pool.query(`drop table ${TABLE}`);
  // Each run marks and unmarks the same rows: without this, their dead versions pile up run after
  // run (VACUUM skips index clean-up for so few), and the eligibility step read 30 % more blocks
  // on the fourth run than on the first. Under a second on the bench's 3.7 million shifts.
  await pool.query(
    "vacuum (index_cleanup on) user_availability, shifts, notification_settings, swap_requests, cover_alerts, notification_outbox",
  );
}

/** Notes a request the bench made, so that it is removed whatever happens. */
export async function noteRequest(pool: pg.Pool, id: number, day: string): Promise<void> {
  await pool.query(`insert into ${TABLE} (kind, id, day) values ('request', $1, $2)`, [id, day]);
}

/**
 * Paramedics on the seed's commonest day shift (07:00–19:00) that day: the rest rules then judge
 * every requester's colleagues alike, so each request alerts about as many.
 */
async function pickRequesters(pool: pg.Pool, day: string, n: number): Promise<Requester[]> {
  const { rows } = await pool.query(
    `select u.id, u.email, u.hub, s.id as shift_id from users u join shifts s on s.user_id = u.id
     where u.clinical_grade = 'paramedic' and u.email_verified_at is not null
       and s.date = $1::date and s.shift_type = 'day' and not s.is_protected
       and s.start_time = '07:00' and s.end_time = '19:00'
       and not exists (select 1 from swap_requests r where r.requester_shift_id = s.id and r.status = 'pending')
     order by u.id limit $2`,
    [day, n],
  );
  return rows.map((r) => ({ id: r.id, email: r.email, clinicalGrade: "paramedic", hub: r.hub, shiftId: r.shift_id }));
}

/** Paramedics who rest on `day` (not after a night), have no settings of their own and are not requesters. */
async function markCandidates(pool: pg.Pool, db: Db, day: string, exclude: number[], n: number): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>(
    `select u.id from users u join user_availability ua on ua.user_id = u.id and ua.date = $1::date and ua.status = 'rest'
     where u.clinical_grade = 'paramedic' and u.email_verified_at is not null and u.id <> all($2::int[])
       and not exists (select 1 from notification_settings n where n.user_id = u.id)
       and not exists (select 1 from shifts p where p.user_id = u.id and p.date = $1::date - 1 and p.shift_type = 'night')
     order by u.id limit $3`,
    [day, exclude, n],
  );
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return ids;
  await pool.query(`insert into ${TABLE} (kind, id, day) select 'candidate', unnest($1::int[]), $2::date`, [ids, day]);
  await pool.query(
    `update shifts set rest_day_shift_interest = true
     where user_id = any($1::int[]) and date = $2::date and shift_type = 'rest_day'`,
    [ids, day],
  );
  // As the app marks one: the index row with the windows it keeps for an Available Off Day.
  for (const id of ids) await syncAvailability(db, id, [day]);
  await pool.query(
    "insert into notification_settings (user_id, follow_all_hubs) select unnest($1::int[]), true on conflict do nothing",
    [ids],
  );
  return ids;
}

/**
 * A day two weeks ahead with `requesters` paramedics working a day shift, and colleagues marked
 * free until at least `target` of them pass the product's eligibility step (rest rules included)
 * for the first requester's shift.
 */
export async function setUpScenario(
  pool: pg.Pool,
  db: Db,
  opts: { today: string; requesters: number; target: number },
): Promise<Scenario> {
  await restoreScenario(pool);
  await pool.query(`create table ${TABLE} (kind text not null, id int not null, day date not null)`);
  const day = addDays(opts.today, 14);
  const requesters = await pickRequesters(pool, day, opts.requesters);
  if (requesters.length === 0) throw new Error(`no paramedic works a day shift on ${day}`);
  const { rows } = await pool.query("select start_time, end_time from shifts where id = $1", [requesters[0].shiftId]);
  const shift: NeedShift = { date: day, shiftType: "day", startTime: rows[0].start_time, endTime: rows[0].end_time };
  const candidates: number[] = [];
  let eligibleIds: number[] = [];
  for (;;) {
    eligibleIds = (await eligibleColleagues(db, DEFAULT_WTR_LIMITS, requesters[0], 0, shift)).map((c) => c.id);
    const eligible = eligibleIds.length;
    if (eligible >= opts.target) break;
    const batch = await markCandidates(
      pool,
      db,
      day,
      requesters.map((r) => r.id),
      Math.max(10, opts.target - eligible),
    );
    if (batch.length === 0) break;
    candidates.push(...batch);
  }
  return { day, shift, requesters, candidates, eligibleIds, eligible: eligibleIds.length };
}
