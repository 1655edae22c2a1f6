import { sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { swapStatuses } from "../../common/enums";
import { hubForBase } from "../../common/hubs";
import { SEED_PASSWORD, SeedRefused, seedDatabase } from "../../scripts/lib/seed-service";
import { verifyPassword } from "../../server/auth/passwords";
import { syncAvailability } from "../../server/db/availability-index";
import { connect, type Database } from "../../server/db/open";
import { createDatabase } from "./helpers";

const USERS = 80;
const TODAY = "2026-03-02";

/** The seeded content that must not depend on the run: everything but salts and insert times. */
async function fingerprint(db: Database): Promise<string[]> {
  const q = async (sql: string) =>
    (await db.pool.query(`select md5(string_agg(x::text, ',' order by x::text)) as h from (${sql}) x`)).rows[0].h;
  return [
    await q(
      "select id, email, first_name, last_name, clinical_grade, paramedic_base, hub, swap_urgency, actively_seeking_swaps, created_at from users",
    ),
    await q(
      "select id, user_id, date, shift_type, start_time, end_time, location, notes, is_protected, rest_day_shift_interest from shifts",
    ),
    await q("select * from user_availability"),
    await q("select * from swap_requests"),
    await q("select * from swap_request_offers"),
    await q("select * from messages"),
  ];
}

describe("npm run seed", () => {
  const drops: (() => Promise<void>)[] = [];
  let url: string;
  let db: Database;
  beforeAll(async () => {
    const created = await createDatabase();
    drops.push(created.drop);
    url = created.url;
    await seedDatabase({ url, users: USERS, seed: "reliability", today: TODAY });
    db = await connect(url, 2);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    for (const drop of drops) await drop().catch(() => undefined);
  });

  it("gives the same data for the same seed, and other data for another seed", async () => {
    const again = await createDatabase();
    drops.push(again.drop);
    await seedDatabase({ url: again.url, users: USERS, seed: "reliability", today: TODAY });
    const other = await createDatabase();
    drops.push(other.drop);
    await seedDatabase({ url: other.url, users: USERS, seed: "another", today: TODAY });
    const [a, b, c] = [db, await connect(again.url, 1), await connect(other.url, 1)];
    try {
      expect(await fingerprint(b)).toEqual(await fingerprint(a));
      expect((await fingerprint(c))[1]).not.toBe((await fingerprint(a))[1]);
    } finally {
      await b.close();
      await c.close();
    }
  });

  it("refuses a database that already has users and leaves it as it was", async () => {
    const before = await fingerprint(db);
    await expect(seedDatabase({ url, users: 5, seed: "other", today: TODAY })).rejects.toThrow(SeedRefused);
    expect(await fingerprint(db)).toEqual(before);
  });

  it("keeps the availability index exactly as the app's own sync would", async () => {
    const before = (await db.pool.query("select id, user_id, date::text, status from user_availability order by id"))
      .rows;
    // Re-sync every day of every user inside a transaction that is rolled back: nothing may change.
    await db.db
      .transaction(async (tx) => {
        for (let userId = 1; userId <= USERS; userId++) {
          const days = await tx.execute<{ d: string }>(
            sql`select distinct date::text as d from shifts where user_id = ${userId}`,
          );
          await syncAvailability(
            tx,
            userId,
            days.rows.map((r) => r.d),
          );
        }
        const after = await tx.execute(sql`select id, user_id, date::text, status from user_availability order by id`);
        expect(after.rows).toEqual(before);
        tx.rollback();
      })
      .catch((err) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    expect(before.length).toBeGreaterThan(USERS * 300);
  });

  it("gives everyone a year of rosters, one main entry a day, in the hub of their base", async () => {
    const { rows } = await db.pool.query(`
      select u.id, u.paramedic_base, u.hub,
        count(distinct s.date) filter (where s.shift_type <> 'seeking_coverage') as days,
        min(s.date)::text as first, max(s.date)::text as last
      from users u join shifts s on s.user_id = u.id group by u.id`);
    expect(rows).toHaveLength(USERS);
    for (const r of rows) {
      expect(r.hub).toBe(hubForBase(r.paramedic_base));
      expect(Number(r.days)).toBe(365);
      expect(r.first).toBe("2026-01-31");
      expect(r.last).toBe("2027-01-30");
    }
    const kinds = (await db.pool.query("select distinct shift_type from shifts")).rows.map((r) => r.shift_type);
    expect(kinds.sort()).toEqual(["annual_leave", "day", "night", "rest_day", "seeking_coverage"]);
    const offDays = await db.pool.query(
      "select count(*)::int as n from shifts where shift_type = 'rest_day' and rest_day_shift_interest",
    );
    expect(offDays.rows[0].n).toBeGreaterThan(0);
  });

  it("has swap requests in every status between colleagues of one grade, with conversations", async () => {
    const { rows } = await db.pool.query(`
      select r.status, r.responder_id, r.requester_agreed, r.responder_agreed, q.clinical_grade as q_grade,
        p.clinical_grade as p_grade, s.user_id as shift_owner, s.shift_type, r.requester_id,
        (select count(*)::int from messages m where m.swap_request_id = r.id) as messages
      from swap_requests r
      join users q on q.id = r.requester_id
      left join users p on p.id = r.responder_id
      join shifts s on s.id = r.requester_shift_id`);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(swapStatuses));
    expect(rows.some((r) => r.responder_id === null && r.status === "pending")).toBe(true);
    for (const r of rows) {
      expect(r.messages).toBeGreaterThan(0);
      expect(["day", "night"]).toContain(r.shift_type);
      if (r.responder_id !== null) expect(r.p_grade).toBe(r.q_grade);
      if (r.status === "completed") {
        // The shift moved to the responder when both agreed (DESIGN §5.7).
        expect([r.requester_agreed, r.responder_agreed, r.shift_owner]).toEqual([true, true, r.responder_id]);
      } else {
        expect(r.shift_owner).toBe(r.requester_id);
      }
      if (r.status === "accepted") expect(r.requester_agreed !== r.responder_agreed).toBe(true);
    }
    const unread = await db.pool.query("select count(*)::int as n from messages where not is_read");
    expect(unread.rows[0].n).toBeGreaterThan(0);
  });

  it("signs every account in with the one printed password", async () => {
    const { rows } = await db.pool.query("select distinct password from users");
    expect(rows).toHaveLength(1);
    expect(await verifyPassword(rows[0].password, SEED_PASSWORD)).toBe(true);
  });
});
