import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { CommandError, stopWhenCommandEnds } from "../command";
import type { Config } from "../config";
import { watchClient } from "../db/connection-loss";
import { runningEmbeddedUrl } from "../db/embedded";
import { appliedSchemaVersion, connect, openDatabase, runMigrations } from "../db/open";

export type Target = { client: pg.Client; where: string; close: () => Promise<void> };

/**
 * The database a backup reads or a restore fills: DATABASE_URL; else the embedded server of a
 * CrewSwap running on DATA_DIR (found through DATA_DIR, as its app role); else the embedded server
 * started here for the length of the command, stopped however the command ends.
 * A restore (`upTo`: its backup's schema) gets a new database created and migrated that far.
 * A backup (`existing`) only reads a CrewSwap database that is already there: a mistyped DATA_DIR
 * or an empty DATABASE_URL is refused rather than created and backed up empty.
 */
export async function openTarget(
  config: Config,
  log: (msg: string) => void,
  opts: { upTo?: number; existing?: boolean } = {},
): Promise<Target> {
  const target = await open(config, log, opts);
  if (opts.existing && (await appliedSchemaVersion((sql) => target.client.query(sql))) === 0) {
    await target.close();
    throw new CommandError(
      `Not backed up: ${target.where} holds no CrewSwap database (no migration applied): check the setting`,
    );
  }
  return target;
}

async function open(config: Config, log: (msg: string) => void, opts: { upTo?: number; existing?: boolean }) {
  if (config.databaseUrl) {
    if (!opts.existing) {
      const database = await connect(config.databaseUrl, 1);
      await runMigrations(database, opts).finally(() => database.close());
    }
    return client(config.databaseUrl, "DATABASE_URL", async () => undefined);
  }
  const running = runningEmbeddedUrl(config.dataDir, "app");
  if (running) return client(running, `the running CrewSwap's database in ${config.dataDir}`, async () => undefined);
  if (opts.existing && !existsSync(path.join(config.dataDir, "pg", "PG_VERSION"))) {
    throw new CommandError(
      `Not backed up: there is no CrewSwap database in ${config.dataDir} (DATA_DIR): check DATA_DIR, or set DATABASE_URL`,
    );
  }
  // Nothing runs there: start the embedded server (and migrate) for this command only.
  const opening = openDatabase({ dataDir: config.dataDir, log, upTo: opts.existing ? 0 : opts.upTo });
  // A signal while the server starts or migrates stops it once it is up.
  const stop = stopWhenCommandEnds(async () => (await opening.catch(() => undefined))?.close());
  const database = await opening;
  return client(database.url, `the database in ${config.dataDir}`, stop).catch(async (err) => {
    await stop();
    throw err;
  });
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
