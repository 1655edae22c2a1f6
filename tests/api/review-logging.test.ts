import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { connect, type Database, runMigrations } from "../../server/db/open";
import { createDatabase, freePort } from "./helpers/app";
import { Client, signedInClient } from "./helpers/client";

/** What the request log keeps: never the secret in a calendar feed address or a reset link. */

let app: FastifyInstance;
let database: Database;
let baseUrl: string;
const lines: string[] = [];

beforeAll(async () => {
  const databaseUrl = await createDatabase();
  database = await connect(databaseUrl, 4);
  await runMigrations(database);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const port = await freePort();
  app = await buildApp(
    {
      config: loadConfig({
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "crewswap-app-")),
        APP_URL: `http://127.0.0.1:${port}`,
        SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
      }),
      db: database.db,
      databaseUrl,
      mailer: { send: async () => undefined },
    },
    { logger: { level: "info", stream } },
  );
  await app.listen({ port, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

it("logs requests without the calendar feed token or the reset token", async () => {
  const { client } = await signedInClient(baseUrl);
  const feed = await client.get("/api/calendar-feed/token");
  const feedPath = new URL(feed.body.url).pathname;
  const token = /^\/calendar\/(.+)\.ics$/.exec(feedPath)?.[1] as string;
  expect((await new Client(baseUrl).get(feedPath)).status).toBe(200);
  const resetToken = "R3setTokenValue-abcdefghijklmnopqrstuvwxyz";
  await new Client(baseUrl).get(`/reset-password?token=${resetToken}&from=mail`);

  const log = lines.join("");
  expect(log).toContain('"url":"/calendar/[redacted].ics"');
  expect(log).toContain('"url":"/reset-password?token=[redacted]&from=mail"');
  expect(log).not.toContain(token);
  expect(log).not.toContain(resetToken);
});
