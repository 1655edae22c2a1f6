import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../common/dates";
import { allDayStatusesSql, allKeptColumnsSql } from "../../server/db/availability-index";
import { type Database, runMigrations } from "../../server/db/open";
import { parseWorkingShifts } from "../../server/db/working-shifts-text";
import { databaseBefore, insertShifts, insertUser, migrationWhen } from "./helpers/migrations";

// Migration 0021 gives every Available Off Day whose 17 weeks could reach an average limit the
// working shifts of those weeks on its row, as the app keeps them from then on: an upgraded database
// reads no colleague's whole window that a new one would not.

let database: Database;
beforeAll(async () => {
  database = await databaseBefore("0020");
});
afterAll(async () => {
  await database?.close();
});

const dialect = new PgDialect();
const run = (statement: Parameters<PgDialect["sqlToQuery"]>[0]) => {
  const q = dialect.sqlToQuery(statement);
  return database.pool.query(q.sql, q.params);
};

describe("migration 0021", () => {
  it("keeps the whole window of a day whose 17 weeks hold more than 47,460 minutes, and of no other", async () => {
    const q = (text: string, params: unknown[] = []) => database.pool.query(text, params);
    const user = (name: string) => insertUser(database, name);
    const shift = (
      id: number,
      date: string,
      type: string,
      start: string | null,
      end: string | null,
      interest = false,
    ) => insertShifts(database, id, [[date, type, start, end, interest]]);
    const off = "2027-01-10";
    // Hal: a 12-hour day on 66 of the 120 days around the day (47,520 minutes), leave on one more
    // and a night just outside; Lil: 65 of those days (46,800 minutes).
    const [hal, lil] = [await user("hal"), await user("lil")];
    const worked = [
      ...Array.from({ length: 60 }, (_, i) => 2 * i - 59),
      ...Array.from({ length: 6 }, (_, i) => 2 * i - 58),
    ];
    for (const [n, i] of worked.entries()) {
      await shift(hal, addDays(off, i), "day", "07:00", "19:00");
      if (n < 65) await shift(lil, addDays(off, i), "day", "07:00", "19:00");
    }
    await shift(hal, addDays(off, 2), "annual_leave", null, null);
    await shift(hal, addDays(off, 60), "night", "19:00", "07:00");
    for (const id of [hal, lil]) await shift(id, off, "rest_day", null, null, true);
    await run(allDayStatusesSql);
    await runMigrations(database, { upTo: migrationWhen("0020") });

    await runMigrations(database);

    const kept = async () =>
      (
        await q(
          `select user_id as id, window_minutes as "windowMinutes", wide_shifts as "wideShifts"
           from user_availability where status = 'available' and date = $1 order by user_id`,
          [off],
        )
      ).rows as { id: number; windowMinutes: number; wideShifts: string | null }[];
    const migrated = await kept();
    expect(migrated.map((r) => [r.id, r.windowMinutes])).toEqual([
      [hal, 66 * 720],
      [lil, 65 * 720],
    ]);
    const whole = parseWorkingShifts(migrated[0].wideShifts);
    expect(whole).toHaveLength(66);
    expect(whole.every((s) => s.shiftType === "day" && s.startTime === "07:00" && s.endTime === "19:00")).toBe(true);
    expect([whole[0].date, whole[65].date]).toEqual([addDays(off, -59), addDays(off, 59)]);
    expect(migrated[1].wideShifts).toBeNull();

    // The app's own statement gives the same columns.
    await q("update user_availability set near_shifts = null, window_minutes = null, wide_shifts = null");
    await run(allKeptColumnsSql);
    expect(await kept()).toEqual(migrated);
  });
});
