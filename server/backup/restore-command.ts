// `npm run restore -- FILE [--force]`: loads a backup into an empty database of the same schema version.
// An empty database is built at the backup's schema, filled, then migrated forward: a backup from an
// older CrewSwap (and an older PostgreSQL major) restores into a newer one.
import { once } from "node:events";
import { createReadStream, existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { finished } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { from as copyFrom } from "pg-copy-streams";
import { CommandError, runCommand } from "../command";
import { appliedSchemaVersion, schemaTag, shippedSchemaVersion } from "../db/open";
import { type BackupHeader, END_OF_TABLE } from "./archive";
import { appTables, columnList, qualified } from "./tables";
import { openTarget } from "./target";

runCommand(async (config, logger) => {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const given = args.find((a) => !a.startsWith("-"));
  if (!given) throw new CommandError("Usage: npm run restore -- FILE [--force]");
  // npm runs scripts in the package folder; a relative FILE means where `npm run` was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  if (!existsSync(file)) throw new CommandError(`No backup file at ${file}`);

  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  const reader = lines[Symbol.asyncIterator]();
  const first = await reader.next();
  let header: BackupHeader | undefined;
  try {
    header = JSON.parse(String(first.value)) as BackupHeader;
  } catch {
    // not ours
  }
  if (header?.format !== "crewswap-backup" || header.formatVersion !== 1) {
    throw new CommandError(`${file} is not a CrewSwap backup`);
  }

  const shipped = shippedSchemaVersion();
  if (header.schema.when > shipped.when || schemaTag(header.schema.when) === "unknown") {
    throw new CommandError(
      `Not restored: the backup is at schema ${header.schema.tag}, which this CrewSwap (schema ${shipped.tag}) does not know: restore it with the CrewSwap version that made it, or a newer one`,
    );
  }
  const log = (msg: string) => logger.info(msg);
  const target = await openTarget(config, log, { upTo: header.schema.when });
  let restored = false;
  try {
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

    await client.query("begin");
    if (filled.length > 0) {
      await client.query(`truncate ${[...present.keys()].map(qualified).join(", ")} restart identity cascade`);
    }
    let total = 0;
    for (const table of header.tables) {
      const sink = client.query(copyFrom(`copy ${qualified(table.name)} (${columnList(table.columns)}) from stdin`));
      for (;;) {
        const next = await reader.next();
        if (next.done) throw new CommandError(`${file} ends in the middle of table ${table.name}`);
        if (next.value === END_OF_TABLE) break;
        if (!sink.write(`${next.value}\n`)) await once(sink, "drain");
      }
      sink.end();
      await finished(sink);
      total += sink.rowCount ?? 0;
    }
    for (const seq of header.sequences) {
      await client.query("select setval($1, $2, $3)", [qualified(seq.name), seq.value, seq.isCalled]);
    }
    await client.query("commit");
    restored = true;
    logger.info(`Restored ${total} rows of ${header.tables.length} tables from ${file} into ${target.where}`);
  } catch (err) {
    await target.client.query("rollback").catch(() => undefined);
    throw err;
  } finally {
    lines.close();
    await target.close();
  }
  if (restored && header.schema.when < shipped.when) {
    // Opening it as the app does applies the newer migrations to the restored rows.
    const migrated = await openTarget(config, log);
    await migrated.close();
    logger.info(`Migrated the restored database from schema ${header.schema.tag} to ${shipped.tag}`);
  }
});
