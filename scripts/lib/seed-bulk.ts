import type pg from "pg";

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * For a bulk load in one transaction into empty tables: drops the tables' foreign keys and turns
 * off their own triggers (the change log's), and returns what puts them back. A foreign key checked
 * row by row costs an index lookup per row (18 million at 50,000 users); added back afterwards it
 * is checked in one join. The change log tells caches what changed since their snapshot; no cache
 * can hold a snapshot of a database being seeded, and its rows would be pruned within the hour.
 */
export async function suspendChecks(client: pg.PoolClient, tables: string[]): Promise<() => Promise<void>> {
  const { rows } = await client.query<{ table: string; name: string; definition: string }>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
     from pg_constraint where contype = 'f' and conrelid = any($1::regclass[])`,
    [tables],
  );
  for (const r of rows) await client.query(`alter table ${r.table} drop constraint ${quoteIdent(r.name)}`);
  for (const t of tables) await client.query(`alter table ${quoteIdent(t)} disable trigger user`);
  return async () => {
    for (const t of tables) await client.query(`alter table ${quoteIdent(t)} enable trigger user`);
    for (const r of rows) {
      await client.query(`alter table ${r.table} add constraint ${quoteIdent(r.name)} ${r.definition}`);
    }
  };
}
