import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connect, type Database, runMigrations } from "../../server/db/open";
import { claimDue, type PushLane } from "../../server/notifications/push-queries";
import { createDatabase } from "./helpers/app";
import { insertUser } from "./helpers/migrations";

// The push worker polls an empty outbox many times a second, on one prepared statement per pooled
// connection, until a burst arrives: whatever plan PostgreSQL keeps from the empty table, a claim
// must lease at most its batch, or a lane's pacing (and every lease's size) is gone.
let database: Database;
let userId: number;

beforeAll(async () => {
  // One connection: every claim below runs on the same prepared statement, as a worker's polls do.
  database = await connect(await createDatabase(), 1);
  await runMigrations(database);
  userId = await insertUser(database, "Polly");
});
beforeEach(async () => {
  await database.pool.query("delete from notification_outbox");
  await database.pool.query("vacuum analyze notification_outbox");
});
afterAll(async () => {
  await database?.close();
});

const claim = (lane: PushLane, batch: number) =>
  claimDue(database.db, {
    lane,
    batch,
    leaseMs: 60_000,
    messageHoldMs: 0,
    now: new Date(),
    quietFrom: "2026-01-01",
    quietTo: "2026-01-02",
  });

async function queue(kind: string, rows: number) {
  await database.pool.query(
    `insert into notification_outbox (user_id, kind, title, body, url, tag, context, push_state, email_state)
     select $1, $2, 'Cover needed', 'b', '/dashboard', 't' || g, '{}'::json, 'pending', 'none' from generate_series(1, $3) g`,
    [userId, kind, rows],
  );
}

describe("a claim of due pushes", () => {
  for (const [lane, kind] of [
    ["cover", "cover_alert"],
    ["prompt", "accepted"],
  ] as const) {
    it(`leases at most its batch in the ${lane} lane after many polls of an empty outbox`, async () => {
      for (let k = 0; k < 12; k++) expect(await claim(lane, 25)).toEqual([]);
      await queue(kind, 80);
      const first = await claim(lane, 25);
      expect(first).toHaveLength(25);
      const leased = await database.pool.query(
        "select count(*)::int as n from notification_outbox where kind = $1 and push_lease_until is not null",
        [kind],
      );
      expect(leased.rows[0].n).toBe(25);
      // The rest follow, a batch at a time, each row once.
      const rest = [await claim(lane, 25), await claim(lane, 25), await claim(lane, 25), await claim(lane, 25)];
      expect(rest.map((r) => r.length)).toEqual([25, 25, 5, 0]);
      const ids = [first, ...rest].flat().map((r) => r.id);
      expect(new Set(ids).size).toBe(80);
    });
  }
});
