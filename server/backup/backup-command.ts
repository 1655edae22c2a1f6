// `npm run backup -- FILE`: a consistent, compressed snapshot of every table while CrewSwap keeps serving.
import { once } from "node:events";
import { createWriteStream, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { to as copyTo } from "pg-copy-streams";
import { CommandError, runCommand } from "../command";
import { appliedSchemaVersion, schemaTag } from "../db/open";
import { type BackupHeader, END_OF_TABLE } from "./archive";
import { appTables, columnList, qualified, sequenceValues } from "./tables";
import { openTarget } from "./target";

runCommand(async (config, logger) => {
  const given = process.argv[2];
  if (!given || given.startsWith("-")) throw new CommandError("Usage: npm run backup -- FILE");
  // npm runs scripts in the package folder; a relative FILE means where `npm run` was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  // A backup never migrates: it is a copy of the database as it is, at the schema it is at.
  const target = await openTarget(config, (msg) => logger.info(msg), { upTo: 0 });
  const partial = `${file}.partial`;
  try {
    const { client } = target;
    // One snapshot for every table: what was committed when the backup began, however long it takes.
    await client.query("begin isolation level repeatable read read only");
    const when = await appliedSchemaVersion((sql) => client.query(sql));
    const tables = await appTables(client);
    const header: BackupHeader = {
      format: "crewswap-backup",
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      schema: { tag: schemaTag(when), when },
      tables: [],
      sequences: await sequenceValues(client),
    };
    const counts: number[] = [];
    for (const t of tables) {
      const { rows } = await client.query<{ n: string }>(`select count(*)::text as n from ${qualified(t.name)}`);
      counts.push(Number(rows[0].n));
    }
    header.tables = tables.map((t, i) => ({ ...t, rows: counts[i] }));

    // Password hashes and sessions are in here: only the owner may read the file.
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
    gzip.write(`${JSON.stringify(header)}\n`);
    for (const table of tables) {
      const rows = client.query(copyTo(`copy ${qualified(table.name)} (${columnList(table.columns)}) to stdout`));
      for await (const chunk of rows) if (!gzip.write(chunk)) await once(gzip, "drain");
      gzip.write(`${END_OF_TABLE}\n`);
    }
    gzip.end();
    await written;
    await client.query("commit");
    renameSync(partial, file);
    const total = counts.reduce((a, b) => a + b, 0);
    logger.info(
      `Backed up ${total} rows of ${tables.length} tables (schema ${header.schema.tag}) from ${target.where} to ${file}`,
    );
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    await target.close();
  }
});
