import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Db, Tx } from "./open";

const dialect = new PgDialect();
const names = new Map<string, string>();

/**
 * Runs a hot read as a named prepared statement, so each pooled connection plans it once and then
 * reuses the plan. For the clinician browser's page query, planning took about as long as half of
 * the run itself. One name per distinct SQL text; the values stay parameters.
 */
export async function queryPrepared<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await db.$client.query<T>({ name: nameOf(text), text, values: params });
  return result.rows;
}

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `prepared_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/**
 * As `queryPrepared`, also inside a transaction (on the transaction's own connection), for a read
 * that runs in the change that needs it: a cover alert's candidates are read as the request is made.
 */
export async function queryPreparedIn<T extends Record<string, unknown>>(conn: Db | Tx, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const prepared = conn._.session.prepareQuery(built, undefined, nameOf(built.sql), false);
  const result = (await prepared.execute()) as pg.QueryResult<T>;
  return result.rows;
}

/**
 * A Drizzle prepared query (placeholders for its values), built once per database handle: its name
 * is prepared on each pooled connection the first time that connection runs it.
 */
export function preparedPerDb<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}

/**
 * A statement whose values are all placeholders (`sql.placeholder`), turned into text once and run
 * as a named prepared statement on the database handle's pool. For statements the push worker runs
 * several times a second, building the text from Drizzle's parts on every call took more of the
 * event loop than reading the answer, and PostgreSQL planned them afresh each time.
 */
export function preparedStatement<T extends Record<string, unknown>>(query: SQL) {
  const built = dialect.sqlToQuery(query);
  const name = nameOf(built.sql);
  const forDb = preparedPerDb((db) => db._.session.prepareQuery(built, undefined, name, false));
  return async (db: Db, values: Record<string, unknown>): Promise<T[]> => {
    const result = (await forDb(db).execute(values)) as pg.QueryResult<T>;
    return result.rows;
  };
}
