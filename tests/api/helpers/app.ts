import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { buildApp, type Limits } from "../../../server/app";
import { loadConfig } from "../../../server/config";
import { connect, type Database, runMigrations } from "../../../server/db/open";
import type { Mail } from "../../../server/mail/mailer";

/** Creates a fresh database on the test server and returns its URL. */
export async function createDatabase(): Promise<string> {
  const admin = inject("adminDatabaseUrl");
  const name = `crewswap_test_${inject("runId")}_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

export type TestApp = {
  baseUrl: string;
  database: Database;
  mails: Mail[];
  close: () => Promise<void>;
  restart: () => Promise<TestApp>;
};

/** Builds the app on its own fresh database and listens on a real port. */
export async function startTestApp(
  opts: { limits?: Partial<Limits>; env?: Record<string, string>; databaseUrl?: string } = {},
): Promise<TestApp> {
  const databaseUrl = opts.databaseUrl ?? (await createDatabase());
  const database = await connect(databaseUrl, 10);
  await runMigrations(database);
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "crewswap-app-")),
    SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
    ALLOWED_EMAIL_DOMAINS: "nhs.net,nhs.uk",
    LOG_LEVEL: "silent",
    // Tests expect every change to show at once; the hub cache test turns it on itself.
    HUB_CACHE_MS: "0",
    ...opts.env,
  });
  const mails: Mail[] = [];
  const app = await buildApp(
    {
      config,
      db: database.db,
      databaseUrl,
      mailer: { send: async (m) => void mails.push(m) },
      limits: { authPerIp: 100_000, registrationsPerIp: 100_000, ...opts.limits },
    },
    { logger: false },
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address() as { port: number };
  const close = async () => {
    await app.close();
    await database.close();
  };
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    database,
    mails,
    close,
    restart: async () => {
      await close();
      return startTestApp({ ...opts, databaseUrl });
    },
  };
}
