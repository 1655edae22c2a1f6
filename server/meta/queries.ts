import { appliedSchemaVersion, type Db } from "../db/open";

/** The newest migration applied to the database (throws when the database cannot be reached). */
export async function appliedMigration(db: Db): Promise<number> {
  return appliedSchemaVersion((sql) => db.$client.query(sql));
}
