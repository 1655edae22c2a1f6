// `npm run restore -- FILE [--force]`: loads a backup into an empty database of the same schema version.
// An empty database is built at the backup's schema, filled, then migrated forward: a backup from an
// older CrewSwap (and an older PostgreSQL major) restores into a newer one.
import { existsSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { CommandError, runCommand } from "../command";
import { appliedSchemaVersion, schemaTag, shippedSchemaVersion } from "../db/open";
import type { BackupHeader } from "./archive";
import { type Lines, readBackup, tableRows, verifyBackup } from "./backup-file";
import { appTables, columnList, qualified } from "./tables";
import { openTarget, type Target } from "./target";

runCommand(async (config, logger) => {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const given = args.find((a) => !a.startsWith("-"));
  if (!given) throw new CommandError("Usage: npm run restore -- FILE [--force]");
  // npm runs scripts in the package folder; a relative FILE means where `npm run` was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  if (!existsSync(file)) throw new CommandError(`No backup file at ${file}`);

  // The whole file is read and checked before any database is touched (or created).
  const header = await verifyBackup(file).catch((err) => {
    throw err instanceof CommandError ? new CommandError(`Not restored: ${err.message}`) : err;
  });
  const shipped = shippedSchemaVersion();
  if (header.schema.when > shipped.when || schemaTag(header.schema.when) === "unknown") {
    throw new CommandError(
      `Not restored: the backup is at schema ${header.schema.tag}, which this CrewSwap (schema ${shipped.tag}) does not know: restore it with the CrewSwap version that made it, or a newer one`,
    );
  }
  const log = (msg: string) => logger.info(msg);
  const target = await openTarget(config, log, { upTo: header.schema.when });
  try {
    const present = await checkTarget(target, header, force);
    const total = await load(target.client, file, present);
    logger.info(`Restored ${total} rows of ${header.tables.length} tables from ${file} into ${target.where}`);
    if (!header.tables.find((t) => t.name === "app_secrets")?.rows && !config.sessionSecret) {
      logger.warn(
        `The backup carries no session secret or push keys (it was taken before CrewSwap kept them in its database): copy session-secret and vapid.json from the old DATA_DIR into ${config.dataDir} before the first start, or everyone is signed out and push subscriptions stop working`,
      );
    }
  } finally {
    await target.close();
  }
  if (header.schema.when < shipped.when) {
    // Opening it as the app does applies the newer migrations to the restored rows.
    const migrated = await openTarget(config, log);
    await migrated.close();
    logger.info(`Migrated the restored database from schema ${header.schema.tag} to ${shipped.tag}`);
  }
});

/** The target's tables, once it is at the backup's schema, has its tables, and is empty (or `force`). */
async function checkTarget(target: Target, header: BackupHeader, force: boolean): Promise<string[]> {
  const { client } = target;
  const when = await appliedSchemaVersion((sql) => client.query(sql));
  if (when !== header.schema.when) {
    throw new CommandError(
      `Not restored: the backup is at schema ${header.schema.tag} but ${target.where} is already at ${schemaTag(when)}: restore into an empty database (a new DATA_DIR or an empty DATABASE_URL), which is brought to the backup's schema, filled and then migrated`,
    );
  }
  const present = new Map((await appTables(client)).map((t) => [t.name, t.columns.join(",")]));
  for (const table of header.tables) {
    if (present.get(table.name) !== table.columns.join(",")) {
      throw new CommandError(`Not restored: table ${table.name} differs between the backup and ${target.where}`);
    }
  }
  const filled: string[] = [];
  for (const name of present.keys()) {
    const { rows } = await client.query(`select exists (select from ${qualified(name)}) as any`);
    if (rows[0].any) filled.push(name);
  }
  if (filled.length > 0 && !force) {
    throw new CommandError(
      `Not restored: ${target.where} is not empty (${filled.join(", ")} have rows): restore into an empty database, or add --force to replace everything in it`,
    );
  }
  return [...present.keys()];
}

/** Replaces every table's rows with the backup's in one transaction; nothing changes unless all of it loads. */
async function load(client: pg.Client, file: string, tables: string[]): Promise<number> {
  await client.query("begin");
  try {
    const total = await readBackup(file, async (header, lines) => {
      await client.query(`truncate ${tables.map(qualified).join(", ")} restart identity cascade`);
      let rows = 0;
      for (const table of header.tables) rows += await loadTable(client, file, table, lines);
      for (const seq of header.sequences) {
        await client.query("select setval($1, $2, $3)", [qualified(seq.name), seq.value, seq.isCalled]);
      }
      return rows;
    });
    await client.query("commit");
    return total;
  } catch (err) {
    await client.query("rollback").catch(() => undefined);
    if (err instanceof CommandError) throw new CommandError(`Not restored: ${err.message}`);
    throw new CommandError(`Not restored (nothing was changed): ${(err as Error).message}`);
  }
}

async function loadTable(client: pg.Client, file: string, table: BackupHeader["tables"][number], lines: Lines) {
  const sink = client.query(copyFrom(`copy ${qualified(table.name)} (${columnList(table.columns)}) from stdin`));
  await pipeline(tableRows(file, table, lines), sink);
  if (sink.rowCount !== table.rows) {
    throw new CommandError(
      `${file} gave table ${table.name} ${sink.rowCount} rows where its header counted ${table.rows}`,
    );
  }
  return table.rows;
}
