// Issue 37 in `npm run bench`: the three-way search as an endpoint family (DESIGN §7: p99 < 60 ms at
// 100 req/s), and how many needs of the seeded service a taker, a reciprocal pair or a three-way
// swap would free.

import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { todayInLondon } from "../../common/dates";
import { DEFAULT_WTR_LIMITS } from "../../common/working-time";
import type { Db } from "../../server/db/open";
import type { UserRow } from "../../server/db/schema";
import * as schema from "../../server/db/schema";
import { shiftsAroundDates } from "../../server/swaps/rest-bound";
import { type Need, type Person, takeIssue } from "../../server/swaps/three-way-cycles";
import { findThreeWaySwaps } from "../../server/swaps/three-way-find";
import { log, quick, READ_RATE } from "./config";
import type { BenchUser } from "./users";

/** `three_way_find`: GET /api/three-way-swaps/{shiftId} for a bench user's shift, across all hubs. */
export const threeWayFamily = () => ({
  name: "three_way_find",
  method: "GET" as const,
  // 100 req/s at the default read rate of 500, as DESIGN §7 asks; scaled with --rate.
  rate: Math.max(1, Math.round(READ_RATE / 5)),
  budgetMs: 60,
  request: (u: BenchUser) => ({ path: `/api/three-way-swaps/${u.shiftId}` }),
  sql: (db: Db, user: UserRow, u: BenchUser) =>
    findThreeWaySwaps(db, user, u.shiftId, undefined, DEFAULT_WTR_LIMITS, todayInLondon()),
});

// A need (issue 37) as SQL over a shifts row `s`: unprotected, after the day, Seeking Coverage or
// the shift of its owner's open request.
const NEED = `s.date > $1::date and not s.is_protected and (s.shift_type = 'seeking_coverage'
  or (s.shift_type in ('day', 'night') and exists (select 1 from swap_requests r where r.requester_shift_id = s.id
    and r.requester_id = s.user_id and r.status in ('pending', 'accepted'))))`;
const NEED_COLUMNS = `s.id as "shiftId", s.user_id as "ownerId", to_char(s.date, 'YYYY-MM-DD') as date,
  s.shift_type as "shiftType", s.start_time as "startTime", s.end_time as "endTime"`;

export type ThreeWayMeasure = {
  sample: number;
  anyTaker: number;
  anyTakerPct: number;
  pair: number;
  pairPct: number;
  /** Needs with no reciprocal pair that a three-way swap would free. */
  threeWayMore: number;
  threeWayMorePct: number;
  ms: number;
};

const pct = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 1000) / 10);

/**
 * Over a sample of the seeded needs (spread evenly over their ids), by the product's rules: whether
 * any colleague can take the need, whether one of them also has a need its owner can take (a
 * reciprocal pair), and, for those with no pair, whether the three-way search lists a swap.
 */
export async function measureThreeWays(dbUrl: string, today: string): Promise<ThreeWayMeasure> {
  const started = performance.now();
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  try {
    const { rows: all } = await pool.query(`select ${NEED_COLUMNS} from shifts s where ${NEED} order by s.id`, [today]);
    const size = quick ? 150 : 400;
    const step = Math.max(1, all.length / size);
    const sample = Array.from({ length: Math.min(size, all.length) }, (_, i) => all[Math.floor(i * step)] as Need);
    const counts = { anyTaker: 0, pair: 0, threeWayMore: 0 };
    for (const need of sample) {
      const found = await takersAndPairs(pool, db, need, today);
      if (found.takers > 0) counts.anyTaker++;
      if (found.pair) counts.pair++;
      else if (found.takers > 0) {
        const [owner] = await db.select().from(schema.users).where(eq(schema.users.id, need.ownerId));
        const swaps = await findThreeWaySwaps(db, owner, need.shiftId, undefined, DEFAULT_WTR_LIMITS, todayInLondon());
        if (swaps.length > 0) counts.threeWayMore++;
      }
    }
    const n = sample.length;
    const result = {
      sample: n,
      anyTaker: counts.anyTaker,
      anyTakerPct: pct(counts.anyTaker, n),
      pair: counts.pair,
      pairPct: pct(counts.pair, n),
      threeWayMore: counts.threeWayMore,
      threeWayMorePct: pct(counts.threeWayMore, n),
      ms: Math.round(performance.now() - started),
    };
    log(
      `three-way: of ${n} sampled needs (of ${all.length}), ${result.anyTakerPct}% have a taker, ${result.pairPct}% a ` +
        `reciprocal pair, and ${result.threeWayMorePct}% more a three-way swap (${result.ms} ms)`,
    );
    return result;
  } finally {
    await pool.end();
  }
}

/** Colleagues who can take the need (rest rules included), and whether one of them makes a pair with its owner. */
async function takersAndPairs(pool: pg.Pool, db: Db, a: Need, today: string) {
  const { rows: free } = await pool.query(
    `select v.id, v.clinical_grade as grade from user_availability ua join users v on v.id = ua.user_id
       join users o on o.id = $2
     where ua.date = $1::date and ua.status = 'available' and v.clinical_grade = o.clinical_grade
       and v.email_verified_at is not null and v.id <> o.id`,
    [a.date, a.ownerId],
  );
  const { rows: ownerRows } = await pool.query(
    `select u.clinical_grade as grade, coalesce(array_agg(to_char(ua.date, 'YYYY-MM-DD')) filter (where ua.id is not null), '{}') as days
     from users u left join user_availability ua on ua.user_id = u.id and ua.status = 'available' and ua.date > $2::date
     where u.id = $1 group by u.id`,
    [a.ownerId, today],
  );
  const ownerDays = new Set<string>(ownerRows[0].days);
  const ids = free.map((r) => r.id as number);
  const { rows: theirNeeds } = ids.length
    ? await pool.query(
        `select ${NEED_COLUMNS} from shifts s where s.user_id = any($2::int[]) and s.date = any($3::date[]) and ${NEED}`,
        [today, ids, [...ownerDays]],
      )
    : { rows: [] };
  const windows = await shiftsAroundDates(
    db,
    new Map<number, string[]>([
      ...ids.map((id): [number, string[]] => [id, [a.date]]),
      [a.ownerId, (theirNeeds as Need[]).map((n) => n.date)],
    ]),
    DEFAULT_WTR_LIMITS,
  );
  const grade = ownerRows[0].grade;
  const owner: Person = {
    id: a.ownerId,
    clinicalGrade: grade,
    hub: null,
    offDays: ownerDays,
    window: windows.get(a.ownerId) ?? [],
  };
  const takers = free
    .map(
      (r): Person => ({
        id: r.id,
        clinicalGrade: r.grade,
        hub: null,
        offDays: new Set([a.date]),
        window: windows.get(r.id) ?? [],
      }),
    )
    .filter((p) => takeIssue(p, owner, a, DEFAULT_WTR_LIMITS) === null);
  const byId = new Map(takers.map((p) => [p.id, p]));
  const pair = (theirNeeds as Need[]).some((b) => {
    const taker = byId.get(b.ownerId);
    return taker !== undefined && takeIssue(owner, taker, b, DEFAULT_WTR_LIMITS) === null;
  });
  return { takers: takers.length, pair };
}
