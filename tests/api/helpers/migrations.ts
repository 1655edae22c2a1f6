import { readFileSync } from "node:fs";
import path from "node:path";
import { connect, type Database, runMigrations } from "../../../server/db/open";
import { createDatabase } from "./app";

const journal = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../../server/db/migrations/meta/_journal.json"), "utf8"),
) as { entries: { tag: string; when: number }[] };

/** The journal's `when` of the migration numbered `number` ('0020'), for `runMigrations`' `upTo`. */
export function migrationWhen(number: string): number {
  const entry = journal.entries.find((e) => e.tag.startsWith(`${number}_`));
  if (!entry) throw new Error(`no migration ${number}`);
  return entry.when;
}

/**
 * A fresh database migrated up to the migration before the one numbered `number` ('0020'): how a
 * migration's test finds the data an older app left, before running the rest with `runMigrations`.
 */
export async function databaseBefore(number: string): Promise<Database> {
  const index = journal.entries.findIndex((e) => e.tag.startsWith(`${number}_`));
  if (index < 1) throw new Error(`no migration ${number} after another`);
  const database = await connect(await createDatabase(), 2);
  await runMigrations(database, { upTo: journal.entries[index - 1].when });
  return database;
}

/** A paramedic written straight into `users`, as an older app left one; their id. */
export async function insertUser(database: Database, name: string): Promise<number> {
  const res = await database.pool.query(
    `insert into users (username, email, password, first_name, last_name, clinical_grade)
     values ($1, $2, 'x', $1, 'Migrated', 'paramedic') returning id`,
    [name, `${name}@nhs.net`],
  );
  return res.rows[0].id;
}

/** [date, type, start, end, rest-day interest] */
export type ShiftRow = [string, string, string | null, string | null, boolean];

/** Shifts written straight into `shifts` (no availability index: a migration's test builds that). */
export async function insertShifts(database: Database, userId: number, rows: ShiftRow[]): Promise<void> {
  for (const [date, type, start, end, interest] of rows) {
    await database.pool.query(
      `insert into shifts (user_id, date, shift_type, start_time, end_time, rest_day_shift_interest)
       values ($1, $2, $3, $4, $5, $6)`,
      [userId, date, type, start, end, interest],
    );
  }
}
