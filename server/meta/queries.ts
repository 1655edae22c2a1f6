import { appliedSchemaVersionOf, type Db } from "../db/open";

/** The newest migration applied to the database (throws when the database cannot be reached). */
export function appliedMigration(db: Db): Promise<number> {
  return appliedSchemaVersionOf(db);
}
