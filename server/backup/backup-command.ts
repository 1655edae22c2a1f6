// `npm run backup -- FILE`: a consistent, compressed snapshot of every table while CrewSwap keeps serving.
import { createWriteStream, existsSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { CommandError, runCommand, stopWhenCommandEnds } from "../command";
import { appliedSchemaVersion, schemaTag } from "../db/open";
import { type BackupHeader, END_OF_TABLE } from "./archive";
import { verifyBackup } from "./backup-file";
import { appTables, columnList, qualified, sequenceValues } from "./tables";
import { openTarget } from "./target";

runCommand(async (config, logger) => {
  const given = process.argv[2];
  if (!given || given.startsWith("-")) throw new CommandError("Usage: npm run backup -- FILE");
  // npm runs scripts in the package folder; a relative FILE means where `npm run` was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const folder = path.dirname(file);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new CommandError(`Not backed up: there is no folder ${folder} to write ${path.basename(file)} into`);
  }
  // A backup never creates or migrates: it is a copy of the database as it is, at the schema it is at.
  const target = await openTarget(config, (msg) => logger.info(msg), { existing: true });
  const partial = `${file}.partial`;
  const dropPartial = stopWhenCommandEnds(async () => rmSync(partial, { force: true }));
  try {
    const { client } = target;
    // One snapshot for every table: what was committed when the backup began, however long it takes.
    await client.query("begin isolation level repeatable read read only");
    const header = await snapshotHeader(client);
    // Password hashes, sessions and the app's keys are in here: only the owner may read the file.
    await pipeline(Readable.from(contents(client, header)), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    await client.query("commit");
    // Reported written only once it reads back whole, as a restore will read it.
    await verifyBackup(partial);
    renameSync(partial, file);
    const total = header.tables.reduce((sum, t) => sum + t.rows, 0);
    logger.info(
      `Backed up ${total} rows of ${header.tables.length} tables (schema ${header.schema.tag}) from ${target.where} to ${file}`,
    );
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "ENOSPC" || code === "EROFS" || code === "EISDIR") {
      throw new CommandError(`Not backed up: could not write ${file}: ${(err as Error).message}`);
    }
    throw err;
  } finally {
    await dropPartial();
    await target.close();
  }
});

async function snapshotHeader(client: pg.Client): Promise<BackupHeader> {
  const when = await appliedSchemaVersion((sql) => client.query(sql));
  const tables = await appTables(client);
  const counted: BackupHeader["tables"] = [];
  for (const t of tables) {
    const { rows } = await client.query<{ n: string }>(`select count(*)::text as n from ${qualified(t.name)}`);
    counted.push({ ...t, rows: Number(rows[0].n) });
  }
  return {
    format: "crewswap-backup",
    formatVersion: 1,
    createdAt: new Date().toISOString(),
    schema: { tag: schemaTag(when), when },
    tables: counted,
    sequences: await sequenceValues(client),
  };
}

/** The file's text: the header line, then each table as COPY writes it, each ending with COPY's end marker. */
async function* contents(client: pg.Client, header: BackupHeader): AsyncGenerator<string | Buffer> {
  yield `${JSON.stringify(header)}\n`;
  for (const table of header.tables) {
    yield* client.query(copyTo(`copy ${qualified(table.name)} (${columnList(table.columns)}) to stdout`));
    yield `${END_OF_TABLE}\n`;
  }
}
