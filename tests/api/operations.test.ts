import { mkdtempSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { connect, type Database, runMigrations } from "../../server/db/open";
import { createDatabase, freePort } from "./helpers/app";
import { Client, signedInClient } from "./helpers/client";

/** What an operator relies on: request ids that join up with the proxy's, who asked, and a readiness probe. */

// The app serves only APP_URL's host, so the port is chosen first.
const config = (port: number) =>
  loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "crewswap-app-")),
    SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
    APP_URL: `http://127.0.0.1:${port}`,
  });

async function appOn(database: Database, lines?: string[], level = "info") {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines?.push(String(chunk));
      done();
    },
  });
  const port = await freePort();
  const app = await buildApp(
    { config: config(port), db: database.db, mailer: { send: async () => undefined } },
    { logger: lines ? { level, stream } : false },
  );
  await app.listen({ port, host: "127.0.0.1" });
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

describe("on a migrated database", () => {
  let database: Database;
  let app: FastifyInstance;
  let baseUrl: string;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await connect(await createDatabase(), 4);
    await runMigrations(database);
    ({ app, baseUrl } = await appOn(database, lines));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("uses the caller's X-Request-Id in the log and echoes it", async () => {
    const res = await new Client(baseUrl).get("/api/meta", { "x-request-id": "lb-7f3a.42" });
    expect(res.headers.get("x-request-id")).toBe("lb-7f3a.42");
    const entries = lines.map((l) => JSON.parse(l));
    expect(entries.filter((e) => e.reqId === "lb-7f3a.42").map((e) => e.msg)).toEqual([
      "incoming request",
      "request completed",
    ]);
  });

  it("gives every request a fresh random id when none (or a malformed one) is sent", async () => {
    const a = await new Client(baseUrl).get("/api/meta");
    const b = await new Client(baseUrl).get("/api/meta", { "x-request-id": 'x"} {"level":60' });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(a.headers.get("x-request-id")).toMatch(uuid);
    expect(b.headers.get("x-request-id")).toMatch(uuid);
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });

  it("logs the signed-in user's id with the request", async () => {
    const { client, user } = await signedInClient(baseUrl);
    const res = await client.get("/api/shifts", { "x-request-id": "who-asked-1" });
    expect(res.status).toBe(200);
    const done = lines
      .map((l) => JSON.parse(l))
      .find((e) => e.reqId === "who-asked-1" && e.msg === "request completed");
    expect(done?.userId).toBe(user.id);
    // The user is named on that request's own logger: the next request, signed out, names nobody.
    await new Client(baseUrl).get("/api/meta", { "x-request-id": "who-asked-2" });
    const next = lines
      .map((l) => JSON.parse(l))
      .filter((e) => e.reqId === "who-asked-2" && e.msg === "request completed");
    expect(next).toHaveLength(1);
    expect(next[0].userId).toBeUndefined();
  });

  it("sends the security headers, the content security policy among them, on every answer", async () => {
    const { client } = await signedInClient(baseUrl);
    for (const res of [
      await client.get("/api/shifts"),
      await new Client(baseUrl).get("/api/meta"),
      await new Client(baseUrl).get("/api/no-such-route"),
      await new Client(baseUrl).get("/api/shifts"),
    ]) {
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      // Plain HTTP here (APP_URL http://): no HSTS.
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("is ready: the database answers and has every migration", async () => {
    const res = await new Client(baseUrl).get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: "ok", migrations: "ok" });
  });

  it("says to set APP_URL, in the 421 answer and once in the log, when asked by another address", async () => {
    const port = new URL(baseUrl).port;
    const asked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port, path: "/", headers: { host: `192.0.2.2:${port}` } },
        (res) => {
          let body = "";
          res.on("data", (c) => {
            body += c;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(asked.status).toBe(421);
    expect(JSON.parse(asked.body).message).toContain("set APP_URL");
    const told = lines.map((l) => JSON.parse(l)).filter((e) => e.level === 40 && String(e.msg).includes("421"));
    expect(told.map((e) => e.msg)).toEqual([
      `Answered 421 to a request for 192.0.2.2:${port}: CrewSwap answers only at ${baseUrl}; if people reach it at this address, set APP_URL to it`,
    ]);
  });

  it("logs a load balancer's health probes at debug, not at info", async () => {
    await new Client(baseUrl).get("/api/health", { "x-request-id": "probe-at-info" });
    expect(lines.filter((l) => l.includes("probe-at-info"))).toEqual([]);

    const debugLines: string[] = [];
    const debug = await appOn(database, debugLines, "debug");
    try {
      await new Client(debug.baseUrl).get("/api/health", { "x-request-id": "probe-at-debug" });
      const probe = debugLines.map((l) => JSON.parse(l)).filter((e) => e.reqId === "probe-at-debug");
      expect(probe.map((e) => [e.level, e.msg])).toEqual([
        [20, "incoming request"],
        [20, "request completed"],
      ]);
    } finally {
      await debug.app.close();
    }
  });
});

it("is alive but not ready on a database without the migrations", async () => {
  const database = await connect(await createDatabase(), 2);
  const { app, baseUrl } = await appOn(database);
  try {
    const res = await new Client(baseUrl).get("/api/health");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: "not ready", database: "ok", migrations: "pending" });
  } finally {
    await app.close();
    await database.close();
  }
});
