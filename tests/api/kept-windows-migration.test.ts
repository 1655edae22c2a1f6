import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allDayStatusesSql, allKeptColumnsSql } from "../../server/db/availability-index";
import { type Database, runMigrations } from "../../server/db/open";
import { parseWorkingShifts } from "../../server/db/working-shifts-text";
import { databaseBefore, insertShifts, insertUser, type ShiftRow } from "./helpers/migrations";

// Migration 0020 gives every Available Off Day already marked the windows a cover alert reads from
// its row, exactly as the app keeps them from then on: an upgraded database alerts as a new one.

let database: Database;
beforeAll(async () => {
  database = await databaseBefore("0020");
});
afterAll(async () => {
  await database?.close();
});

const dialect = new PgDialect();

describe("migration 0020", () => {
  it("keeps each Available Off Day's fortnight of working shifts and its 17 weeks' minutes, as the app does", async () => {
    const q = (text: string, params: unknown[] = []) => database.pool.query(text, params);
    const id = await insertUser(database, "kept");
    const off = "2027-01-10";
    const shifts: ShiftRow[] = [
      // Outside the 17 weeks around the day (60 days before, 59 after): neither window.
      ["2026-11-10", "day", "07:00", "19:00", false],
      ["2027-03-11", "day", "07:00", "19:00", false],
      // Inside the 17 weeks, outside the fortnight (14 days before, 13 after): minutes only.
      ["2026-11-12", "night", "19:00", "07:00", false],
      ["2027-03-10", "day", null, null, false],
      // The fortnight: a night into the day, leave (not working), an offer beside its day shift.
      ["2026-12-27", "day", "08:00", "20:00", false],
      ["2027-01-09", "night", "19:00", "07:00", false],
      ["2027-01-10", "rest_day", null, null, true],
      ["2027-01-12", "annual_leave", null, null, false],
      ["2027-01-23", "seeking_coverage", "07:00", "19:00", false],
      ["2027-01-23", "day", "07:00", "19:00", false],
      // The day after the fortnight: minutes only.
      ["2027-01-24", "day", "07:00", "19:00", false],
      // Another Available Off Day with nothing in its fortnight.
      ["2027-06-01", "rest_day", null, null, true],
    ];
    await insertShifts(database, id, shifts);
    const statuses = dialect.sqlToQuery(allDayStatusesSql);
    await q(statuses.sql, statuses.params);

    await runMigrations(database);

    const kept = async () =>
      (
        await q(
          `select to_char(date, 'YYYY-MM-DD') as date, near_shifts as "nearShifts", window_minutes as "windowMinutes"
           from user_availability where user_id = $1 and status = 'available' order by date`,
          [id],
        )
      ).rows as { date: string; nearShifts: string; windowMinutes: number }[];
    const migrated = await kept();
    expect(migrated.map((r) => r.date)).toEqual([off, "2027-06-01"]);
    const near = parseWorkingShifts(migrated[0].nearShifts).map((s) => [s.date, s.shiftType, s.startTime]);
    expect(near.sort()).toEqual([
      ["2026-12-27", "day", "08:00"],
      ["2027-01-09", "night", "19:00"],
      ["2027-01-23", "day", "07:00"],
      ["2027-01-23", "seeking_coverage", "07:00"],
    ]);
    // 12 h each: the night of 12 Nov, the untimed day of 10 Mar (SPEC §9's display hours), 24 Jan and
    // the four working shifts of the fortnight (an offer beside its shift counts too: a bound, never less).
    expect(migrated[0].windowMinutes).toBe(7 * 720);
    expect(migrated[1]).toEqual({ date: "2027-06-01", nearShifts: "", windowMinutes: 0 });

    // The app's own statement gives the same columns.
    await q("update user_availability set near_shifts = null, window_minutes = null where user_id = $1", [id]);
    const app = dialect.sqlToQuery(allKeptColumnsSql);
    await q(app.sql, app.params);
    expect(await kept()).toEqual(migrated);
  });
});
