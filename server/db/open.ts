import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
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

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export async function connect(url: string, poolSize = 20): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on("error", () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  const db = drizzle(pool, { schema });
  return { db, pool, url, close: () => pool.end() };
}

/** Applies the committed migrations once, even when several instances start together. */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock(727274)");
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(727274)").catch(() => undefined);
    client.release();
  }
}

/** Opens DATABASE_URL when given, else the embedded server in DATA_DIR. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  log: (msg: string) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const database = await connect(opts.databaseUrl);
    await runMigrations(database);
    return database;
  }
  const server = await startEmbeddedPostgres(opts.dataDir, opts.log);
  try {
    const database = await connect(server.url);
    await runMigrations(database);
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
