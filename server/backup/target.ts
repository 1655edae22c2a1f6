import pg from "pg";
import type { Config } from "../config";
import { watchClient } from "../db/connection-loss";
import { runningEmbeddedUrl } from "../db/embedded";
import { connect, openDatabase, runMigrations } from "../db/open";

export type Target = { client: pg.Client; where: string; close: () => Promise<void> };

/**
 * The database a backup reads or a restore fills: DATABASE_URL; else the embedded server of a
 * CrewSwap running on DATA_DIR (found through DATA_DIR, as its app role); else the embedded server
 * started here for the length of the command. Migrations are applied, so a fresh one has the schema
 * (with `upTo`, a restore's: only as far as its backup's schema; 0 applies none, so a backup reads a
 * database exactly as it finds it).
 */
export async function openTarget(
  config: Config,
  log: (msg: string) => void,
  opts: { upTo?: number } = {},
): Promise<Target> {
  if (config.databaseUrl) {
    const database = await connect(config.databaseUrl, 1);
    await runMigrations(database, opts).finally(() => database.close());
    return client(config.databaseUrl, "DATABASE_URL", async () => undefined);
  }
  const running = runningEmbeddedUrl(config.dataDir, "app");
  if (running) return client(running, `the running CrewSwap's database in ${config.dataDir}`, async () => undefined);
  // Nothing runs there: start the embedded server (and migrate) for this command only.
  const database = await openDatabase({ dataDir: config.dataDir, log, upTo: opts.upTo });
  return client(database.url, `the database in ${config.dataDir}`, () => database.close());
}

async function client(url: string, where: string, after: () => Promise<void>): Promise<Target> {
  const c = new pg.Client({ connectionString: url, application_name: "crewswap-backup" });
  watchClient(c, () => undefined);
  await c.connect();
  return {
    client: c,
    where,
    close: async () => {
      await c.end().catch(() => undefined);
      await after();
    },
  };
}
