import { createHash } from "node:crypto";
import http from "node:http";
import { sign } from "@fastify/cookie";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../server/db/schema";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client, PASSWORD, signedInClient } from "./helpers/client";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** The session id inside the signed cookie value (`{id}.{signature}`). */
function sidOf(client: Client): string {
  const signed = decodeURIComponent(client.cookies.get("sid") ?? "");
  return signed.slice(0, signed.lastIndexOf("."));
}

/** The session secret of the test app (tests/api/helpers/app.ts). */
const SECRET = "test-secret-test-secret-test-secret-0123";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

async function sessionRows(userId: number) {
  return t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe("sessions", () => {
  it("are stored as a hash of the id: the table holds nothing a cookie could be made from", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const sid = sidOf(client);
    expect(sid.length).toBeGreaterThan(40);
    const rows = await sessionRows(user.id);
    expect(rows.map((r) => r.sid)).toEqual([sha256(sid)]);
    expect(JSON.stringify(rows)).not.toContain(sid);

    // A validly signed cookie carrying the stored value (what a copy of the table gives) is no session.
    const forged = new Client(t.baseUrl);
    forged.cookies.set("sid", encodeURIComponent(sign(rows[0].sid, SECRET)));
    expect((await forged.get("/api/auth/user")).status).toBe(401);
    // While the same signing of the real id is.
    const genuine = new Client(t.baseUrl);
    genuine.cookies.set("sid", encodeURIComponent(sign(sid, SECRET)));
    expect((await genuine.get("/api/auth/user")).status).toBe(200);
  });

  it("end after 12 hours without a request, Remember me included", async () => {
    const { user } = await signedInClient(t.baseUrl);
    const remembered = new Client(t.baseUrl);
    const login = await remembered.post("/api/auth/login", { email: user.email, password: PASSWORD, rememberMe: true });
    expect(login.status).toBe(200);
    const key = sha256(sidOf(remembered));

    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '11 hours 50 minutes'` })
      .where(eq(sessions.sid, key));
    expect((await remembered.get("/api/auth/user")).status).toBe(200);
    // That request counted as use: the clock starts again.
    const [touched] = await t.database.db.select().from(sessions).where(eq(sessions.sid, key));
    expect(Date.now() - touched.lastSeenAt.getTime()).toBeLessThan(60_000);

    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '12 hours 1 minute'` })
      .where(eq(sessions.sid, key));
    expect((await remembered.get("/api/auth/user")).status).toBe(401);
    // Its expiry was 30 days away: idleness alone ended it.
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.sid, key));
    expect(row.expire.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it("note their last use at most once a minute, not on every request", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const key = sha256(sidOf(client));
    const past = new Date(Date.now() - 30_000);
    await t.database.db.update(sessions).set({ lastSeenAt: past }).where(eq(sessions.sid, key));
    for (let i = 0; i < 5; i++) expect((await client.get("/api/auth/user")).status).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.sid, key));
    expect(row.lastSeenAt.getTime()).toBe(past.getTime());
    expect(row.userId).toBe(user.id);
  });
});

/** A GET with the given Host header (fetch would not let a test choose it). */
function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method: "GET", headers: { host } }, (res) => {
      let body = "";
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("Host", () => {
  it("only the configured host (APP_URL, and its loopback aliases on the same port) is served", async () => {
    const port = new URL(t.baseUrl).port;
    expect((await getWithHost("/api/meta", `127.0.0.1:${port}`)).status).toBe(200);
    expect((await getWithHost("/api/meta", `localhost:${port}`)).status).toBe(200);
    for (const host of ["evil.example", `evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`, "127.0.0.1"]) {
      const res = await getWithHost("/api/meta", host);
      expect(res.status, host).toBe(421);
      expect(JSON.parse(res.body)).toEqual({
        message: `This address does not serve CrewSwap (it answers at ${t.baseUrl}). To use this address, set APP_URL to it and restart CrewSwap.`,
      });
    }
    // The client's pages are refused too, not only the API.
    expect((await getWithHost("/dashboard", "evil.example")).status).toBe(421);
  });
});
