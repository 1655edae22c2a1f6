import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type Database, runMigrations, type Tx } from "../../server/db/open";
import { shifts, users } from "../../server/db/schema";
import { transact } from "../../server/db/transact";
import { createDatabase } from "./helpers/app";

let database: Database;
let shiftIds: [number, number];

beforeAll(async () => {
  database = await connect(await createDatabase(), 4);
  await runMigrations(database);
  const [user] = await database.db
    .insert(users)
    .values({ username: "ava", email: "ava@nhs.net", password: "x", firstName: "Ava", lastName: "Lee" })
    .returning();
  const rows = await database.db
    .insert(shifts)
    .values(["2030-01-01", "2030-01-02"].map((date) => ({ userId: user.id, date, shiftType: "day" as const })))
    .returning();
  shiftIds = [rows[0].id, rows[1].id];
});
afterAll(async () => database.close());

/** Resolves once `n` callers have arrived: each then holds its first row lock. */
function barrier(n: number) {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return async () => {
    if (++arrived === n) open();
    await opened;
  };
}

const touch = (tx: Tx, id: number) => tx.update(shifts).set({ notes: "touched" }).where(eq(shifts.id, id));

describe("transact after PostgreSQL breaks a deadlock", () => {
  it("runs the losing transaction again and applies each transaction's work exactly once", async () => {
    const bothHoldFirstLock = barrier(2);
    const attempts = [0, 0];
    // Each transaction updates both shifts (every update moves `revision` by one), in opposite orders.
    const run = (who: 0 | 1) =>
      transact(database.db, async (tx) => {
        attempts[who]++;
        const [first, second] = who === 0 ? shiftIds : [shiftIds[1], shiftIds[0]];
        await touch(tx, first);
        // Only the first attempts meet: a retry must not wait for a partner that has finished.
        if (attempts[who] === 1) await bothHoldFirstLock();
        await touch(tx, second);
        return who;
      });

    await expect(Promise.all([run(0), run(1)])).resolves.toEqual([0, 1]);

    // PostgreSQL cancelled one of them (40P01); only that one ran its callback a second time.
    expect([...attempts].sort()).toEqual([1, 2]);
    const rows = await database.db
      .select({ revision: shifts.revision })
      .from(shifts)
      .where(inArray(shifts.id, shiftIds));
    // Two committed updates per shift: the cancelled attempt's update was rolled back, the retry's kept.
    expect(rows.map((r) => r.revision)).toEqual([2, 2]);
  });
});

describe("transact after a serialisation failure", () => {
  it("runs the transaction whose snapshot went stale again, and both updates count once", async () => {
    const [id] = shiftIds;
    const [{ revision: before }] = await database.db
      .select({ revision: shifts.revision })
      .from(shifts)
      .where(eq(shifts.id, id));
    const bothHaveSnapshot = barrier(2);
    const attempts = [0, 0];
    const run = (who: 0 | 1) =>
      transact(database.db, async (tx) => {
        attempts[who]++;
        // The app's transactions are READ COMMITTED; a snapshot for the whole transaction is what
        // makes PostgreSQL refuse (40001) an update of a row another transaction changed since.
        await tx.execute(sql`set transaction isolation level repeatable read`);
        await tx.select().from(shifts).where(eq(shifts.id, id));
        if (attempts[who] === 1) await bothHaveSnapshot();
        await touch(tx, id);
        return who;
      });

    await expect(Promise.all([run(0), run(1)])).resolves.toEqual([0, 1]);

    expect([...attempts].sort()).toEqual([1, 2]);
    const [{ revision }] = await database.db
      .select({ revision: shifts.revision })
      .from(shifts)
      .where(eq(shifts.id, id));
    expect(revision - before).toBe(2);
  });
});
