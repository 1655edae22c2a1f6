// `npm run bench -- --embedded`: the bench's own PostgreSQL (the package the app embeds), kept in
// the system's temporary folder (one per checkout; PostgreSQL's user must reach it when the bench
// runs as root) so a seed is reused between runs, with pg_stat_statements loaded, which a shared
// server rarely does, so database work per request is counted per statement.
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type EmbeddedServer, startEmbeddedPostgres } from "../../server/db/embedded";
import { root } from "../lib/processes";

const DATA_DIR = path.join(
  os.tmpdir(),
  `crewswap-bench-embedded-${createHash("sha256").update(root).digest("hex").slice(0, 8)}`,
);

async function query(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

/** Starts the server (restarting it once the first time, to load the library); returns the bench database's URL. */
export async function startBenchPostgres(
  database: string,
  log: (m: string) => void,
): Promise<{ url: string; stop: () => Promise<void> }> {
  let server: EmbeddedServer = await startEmbeddedPostgres(DATA_DIR, log);
  const [{ shared_preload_libraries: preload }] = await query(server.url, "show shared_preload_libraries");
  if (!String(preload).includes("pg_stat_statements")) {
    await query(server.url, "alter system set shared_preload_libraries = 'pg_stat_statements'");
    await server.stop();
    server = await startEmbeddedPostgres(DATA_DIR, log);
  }
  const exists = await query(server.url, `select 1 from pg_database where datname = '${database}'`);
  if (exists.length === 0) await query(server.url, `create database ${database}`);
  const url = new URL(server.url);
  url.pathname = `/${database}`;
  log(`embedded PostgreSQL in ${DATA_DIR}, pg_stat_statements loaded`);
  return { url: url.toString(), stop: server.stop };
}
