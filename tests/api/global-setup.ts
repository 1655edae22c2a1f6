import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { type EmbeddedServer, startEmbeddedPostgres } from "../../server/db/embedded";
import { dropStaleDatabases, runIdAt } from "./helpers/stale-databases";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    runId: string;
  }
}

let server: EmbeddedServer | undefined;
let adminUrl: string | undefined;
const runId = runIdAt(Date.now(), process.pid);
let dir: string | undefined;

/** One PostgreSQL server for the run: TEST_DATABASE_URL when set, else an embedded one. */
export async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    dir = mkdtempSync(path.join(os.tmpdir(), "crewswap-apitest-"));
    server = await startEmbeddedPostgres(dir, () => undefined);
    url = server.url;
  } else {
    await dropStaleDatabases(url);
  }
  adminUrl = url;
  project.provide("adminDatabaseUrl", url);
  project.provide("runId", runId);
}

export async function teardown() {
  if (adminUrl && !server) await dropRunDatabases(adminUrl);
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** Drops the databases this run created on a shared server. */
async function dropRunDatabases(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `crewswap_test_${runId}_%`,
    ]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}
