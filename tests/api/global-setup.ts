import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { type EmbeddedServer, startEmbeddedPostgres } from "../../server/db/embedded";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

let server: EmbeddedServer | undefined;
let dir: string | undefined;

/** One PostgreSQL server for the run: TEST_DATABASE_URL when set, else an embedded one. */
export async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    dir = mkdtempSync(path.join(os.tmpdir(), "crewswap-apitest-"));
    server = await startEmbeddedPostgres(dir, () => undefined);
    url = server.url;
  }
  project.provide("adminDatabaseUrl", url);
}

export async function teardown() {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
