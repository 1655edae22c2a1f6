import pg from "pg";

export type SeedMarker = { users: number; seed: string; firstDay: string; seededAt: string; seconds: number | null };

/** Where a database's maintenance connection goes, and the database's name. */
function splitUrl(url: string): { adminUrl: string; name: string } {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, "")) || "postgres";
  const admin = new URL(url);
  admin.pathname = name === "postgres" ? "/template1" : "/postgres";
  return { adminUrl: admin.toString(), name };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Creates the database when missing; with `fresh`, drops and recreates it first. */
export async function prepareDatabase(url: string, fresh: boolean): Promise<void> {
  const { adminUrl, name } = splitUrl(url);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
    if (exists && fresh) {
      await admin.query(`drop database ${quoteIdent(name)} with (force)`);
    }
    if (!exists || fresh) await admin.query(`create database ${quoteIdent(name)}`);
  } finally {
    await admin.end();
  }
}

/** What an earlier seed run left in the database, if it finished. */
export async function readSeedMarker(url: string): Promise<SeedMarker | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return undefined;
  }
  try {
    const table = await client.query("select to_regclass('public.crewswap_seed') as t");
    if (!table.rows[0].t) return undefined;
    const { rows } = await client.query(
      "select users, seed, first_day::text as first_day, seeded_at, seconds from crewswap_seed order by seeded_at desc limit 1",
    );
    if (!rows[0]) return undefined;
    return {
      users: rows[0].users,
      seed: rows[0].seed,
      firstDay: rows[0].first_day,
      seededAt: new Date(rows[0].seeded_at).toISOString(),
      seconds: rows[0].seconds === null ? null : Math.round(rows[0].seconds * 10) / 10,
    };
  } finally {
    await client.end();
  }
}

export async function dropSecondaryIndexes(client: pg.PoolClient, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition
     from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  for (const r of rows) await client.query(`drop index ${quoteIdent(r.name)}`);
  return rows.map((r) => r.definition);
}

/** Moves each table's id sequence past the ids the seed wrote itself. */
export async function resetSequences(client: pg.PoolClient, tables: string[]): Promise<void> {
  for (const table of tables) {
    await client.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`,
    );
  }
}

/** Leaves a note of the run, which readSeedMarker reads back. */
export async function writeSeedMarker(
  client: pg.PoolClient,
  users: number,
  seed: string,
  firstDay: string,
  seconds: number,
): Promise<void> {
  await client.query(`create table if not exists crewswap_seed (
        users integer not null, seed text not null, first_day date not null,
        seconds real, seeded_at timestamptz not null default now())`);
  await client.query("insert into crewswap_seed (users, seed, first_day, seconds) values ($1, $2, $3, $4)", [
    users,
    seed,
    firstDay,
    seconds,
  ]);
}
