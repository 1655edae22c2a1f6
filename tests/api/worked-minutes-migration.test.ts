import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, runMigrations } from "../../server/db/open";
import { databaseBefore, insertShifts, insertUser, type ShiftRow } from "./helpers/migrations";

// Migration 0017 fills each indexed day's worked minutes from the shifts already there, as the app
// keeps them from then on: a database upgraded with rosters in it decides cover alerts as a new one.

let database: Database;
beforeAll(async () => {
  database = await databaseBefore("0017");
});
afterAll(async () => {
  await database?.close();
});

describe("migration 0017", () => {
  it("gives every day the minutes of its working shifts, and leaves rest, leave and off days at 0", async () => {
    const q = (text: string, params: unknown[] = []) => database.pool.query(text, params);
    const id = await insertUser(database, "mig");
    const days: ShiftRow[] = [
      ["2027-01-04", "day", "07:00", "19:00", false],
      ["2027-01-05", "night", "19:00", "07:00", false],
      ["2027-01-06", "day", null, null, false],
      ["2027-01-07", "seeking_coverage", "08:00", "20:30", false],
      ["2027-01-07", "day", "08:00", "20:30", false],
      ["2027-01-08", "rest_day", null, null, true],
      ["2027-01-09", "annual_leave", null, null, false],
      ["2027-01-10", "day", "22:00", "22:00", false],
    ];
    await insertShifts(database, id, days);
    await q(
      `insert into user_availability (user_id, date, status)
       select user_id, date, case when bool_or(shift_type <> 'rest_day') then 'unavailable'
         when bool_or(rest_day_shift_interest) then 'available' else 'rest' end::availability
       from shifts group by user_id, date`,
    );

    await runMigrations(database);

    const rows = await q(
      `select to_char(date, 'YYYY-MM-DD') as date, worked_minutes as minutes from user_availability
       where user_id = $1 order by date`,
      [id],
    );
    expect(rows.rows).toEqual([
      { date: "2027-01-04", minutes: 720 },
      { date: "2027-01-05", minutes: 720 },
      // Untimed: SPEC §9's 12 display hours.
      { date: "2027-01-06", minutes: 720 },
      // A seeking-coverage entry beside its shift counts twice: the sum is a bound, never less.
      { date: "2027-01-07", minutes: 1500 },
      { date: "2027-01-08", minutes: 0 },
      { date: "2027-01-09", minutes: 0 },
      // Equal times are a whole day.
      { date: "2027-01-10", minutes: 1440 },
    ]);
  });
});
