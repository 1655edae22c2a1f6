import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { handOverToAppRole } from "./app-role";
import { watchPool } from "./connection-loss";
import { startEmbeddedPostgres } from "./embedded";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  pool: pg.Pool;
  url: string;
  close: () => Promise<void>;
};

// Dates stay as 'yyyy-MM-dd' strings rather than becoming local-midnight Date objects.
pg.types.setTypeParser(1082, (v) => v);

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

type JournalEntry = { tag: string; when: number };

/** drizzle's record of the migrations this build ships, oldest first. */
function journal(): JournalEntry[] {
  const file = path.join(migrationsFolder, "meta", "_journal.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { entries: JournalEntry[] }).entries;
}

/** The newest migration this build ships: drizzle records its `when` as `created_at` once applied. */
export function shippedSchemaVersion(): JournalEntry {
  return journal().at(-1) as JournalEntry;
}

/** The name of the migration drizzle recorded as `when` ("unknown" for one this build does not ship). */
export function schemaTag(when: number): string {
  return journal().find((e) => e.when === when)?.tag ?? "unknown";
}

/** The newest migration applied to this database (0 when none is). */
export async function appliedSchemaVersion(run: (sql: string) => Promise<{ rows: unknown[] }>): Promise<number> {
  const { rows } = await run("select coalesce(max(created_at), 0)::text as v from drizzle.__drizzle_migrations").catch(
    async (err: { code?: string }) => {
      if (err.code === "3F000" || err.code === "42P01") return { rows: [{ v: "0" }] };
      throw err;
    },
  );
  return Number((rows[0] as { v: string }).v);
}

/** The newest migration applied to the app's database (throws when the database cannot be reached). */
export function appliedSchemaVersionOf(db: Db): Promise<number> {
  return appliedSchemaVersion((sql) => db.$client.query(sql));
}

/**
 * `keepOpen`: the pool keeps every connection it has opened, as a server's should. Otherwise idle
 * connections close after 10 s, and the first requests after a quiet spell, or a burst of them,
 * each wait for a new PostgreSQL backend (a fork, authentication, catalogue caches built afresh):
 * in the bench, reads starting at 500 a second on a pool that had gone idle took up to 0.5 s.
 * `applicationName`: what PostgreSQL's pg_stat_activity shows for these connections.
 */
export async function connect(
  url: string,
  poolSize = 20,
  opts: { keepOpen?: boolean; applicationName?: string } = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    application_name: opts.applicationName,
    max: poolSize,
    min: opts.keepOpen ? poolSize : 0,
    // While the database is away, a request waits this long for a connection, then answers 503.
    connectionTimeoutMillis: 5000,
    keepAlive: true,
  });
  // Requests in flight fail with the lost connection (503); the pool opens new ones when it is back.
  watchPool(pool, () => undefined);
  const db = drizzle(pool, { schema });
  return { db, pool, url, close: () => pool.end() };
}

/**
 * The migrations up to `upTo` (a journal `when`) as a folder of their own: a restore builds an
 * empty database at its backup's schema, loads it, and only then migrates it forward.
 */
function migrationsUpTo(upTo: number): { folder: string; done: () => void } {
  if (upTo >= shippedSchemaVersion().when) return { folder: migrationsFolder, done: () => undefined };
  const folder = mkdtempSync(path.join(os.tmpdir(), "crewswap-migrations-"));
  const done = () => rmSync(folder, { recursive: true, force: true });
  try {
    cpSync(migrationsFolder, folder, { recursive: true });
    const file = path.join(migrationsFolder, "meta", "_journal.json");
    const all = JSON.parse(readFileSync(file, "utf8")) as { entries: JournalEntry[] };
    all.entries = all.entries.filter((e) => e.when <= upTo);
    writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(all));
  } catch (err) {
    done();
    throw err;
  }
  return { folder, done };
}

/**
 * Applies the committed migrations once, even when several instances start together; with
 * `upTo`, only those up to that one (a database already past it is left as it is).
 */
export async function runMigrations(database: Database, opts: { upTo?: number } = {}): Promise<void> {
  const source =
    opts.upTo === undefined ? { folder: migrationsFolder, done: () => undefined } : migrationsUpTo(opts.upTo);
  const client = await database.pool.connect().catch((err) => {
    source.done();
    throw err;
  });
  try {
    await client.query("select pg_advisory_lock(727274)");
    await migrate(drizzle(client, { schema }), { migrationsFolder: source.folder });
  } finally {
    await client.query("select pg_advisory_unlock(727274)").catch(() => undefined);
    client.release();
    source.done();
  }
}

/** Opens DATABASE_URL when given, else the embedded server in DATA_DIR. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  log: (msg: string) => void;
  /** Migrate only up to this migration (a restore of an older backup); else all of them. */
  upTo?: number;
  /** A serving app's pool: see connect. */
  keepOpen?: boolean;
}): Promise<Database> {
  const pooling = { keepOpen: opts.keepOpen };
  if (opts.databaseUrl) {
    const database = await connect(opts.databaseUrl, undefined, pooling);
    await runMigrations(database, { upTo: opts.upTo });
    return database;
  }
  const server = await startEmbeddedPostgres(opts.dataDir, opts.log);
  try {
    // Migrations run as the superuser; the app's own queries as a role that only owns the schema.
    const admin = await connect(server.url, 1);
    try {
      await runMigrations(admin, { upTo: opts.upTo });
      await handOverToAppRole(admin.pool, decodeURIComponent(new URL(server.appUrl).password));
    } finally {
      await admin.close();
    }
    const database = await connect(server.appUrl, undefined, pooling);
    return {
      ...database,
      close: async () => {
        await database.close();
        await server.stop();
      },
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}
