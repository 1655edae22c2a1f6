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

it("logs a failed query without the values it was sent", async () => {
  // A database of its own, whose users table is gone: signing in fails inside the query.
  const broken = await connect(await createDatabase(), 2);
  await runMigrations(broken);
  await broken.pool.query("alter table users rename to users_gone");
  const brokenLines: string[] = [];
  const port = await freePort();
  const brokenApp = await buildApp(
    {
      config: loadConfig({
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "crewswap-app-")),
        APP_URL: `http://127.0.0.1:${port}`,
        SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
      }),
      db: broken.db,
      mailer: { send: async () => undefined },
    },
    {
      logger: {
        level: "info",
        stream: new Writable({
          write(chunk, _encoding, done) {
            brokenLines.push(String(chunk));
            done();
          },
        }),
      },
    },
  );
  try {
    await brokenApp.listen({ port, host: "127.0.0.1" });
    const email = "marker.value.7731@nhs.net";
    const res = await new Client(`http://127.0.0.1:${port}`).post("/api/auth/login", {
      email,
      password: "Marker-password-7731",
    });
    expect(res.status).toBe(500);
    const failed = brokenLines.map((l) => JSON.parse(l)).find((e) => e.msg === "request failed");
    // The query is there to read, with its placeholders; the values are not.
    expect(failed?.err?.message).toContain("Failed query");
    expect(failed?.err?.message).toContain("params: [redacted]");
    const log = brokenLines.join("");
    expect(log).not.toContain("marker.value.7731");
    expect(log).not.toContain("Marker-password-7731");
  } finally {
    await brokenApp.close();
    await broken.close();
  }
});
