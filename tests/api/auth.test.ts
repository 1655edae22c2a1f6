import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { connect, runMigrations } from "../../server/db/open";
import { sessions, users } from "../../server/db/schema";
import { createDatabase, freePort, startTestApp, type TestApp, until } from "./helpers/app";
import { Client, PASSWORD, registration, signedInClient, uniqueEmail } from "./helpers/client";
import { expectMatchesContract } from "./helpers/contracts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    limits: { auth: { failedLogins: { max: 3, windowMs: 60_000 }, resetMails: { max: 2, windowMs: 60_000 } } },
  });
});
afterAll(async () => t.close());

describe("registration", () => {
  it("creates the account, signs in, and never returns the password", async () => {
    const client = new Client(t.baseUrl);
    const res = await client.post("/api/auth/register", registration({ firstName: "Sam", paramedicBase: "Worcester" }));
    expect(res.status).toBe(201);
    expect(res.body.firstName).toBe("Sam");
    expect(res.body).not.toHaveProperty("password");
    expect(res.body.hub).toBe("Coventry Hub");
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.id);
    expect(me.body).not.toHaveProperty("password");
    // Sign-up is one moment, so the dashboard can tell a first visit (isFirstVisit) from a return.
    expect(me.body.lastLoginAt).toBe(me.body.createdAt);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.body.id));
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it.each([
    ["Dudley", "Dudley Hub"],
    ["Bromsgrove", "Coventry Hub"],
    ["Atlantis", "Coventry Hub"],
    ["Stoke", "Stoke Hub"],
  ])("derives the hub from base %s", async (base, hub) => {
    const res = await new Client(t.baseUrl).post(
      "/api/auth/register",
      registration({ paramedicBase: base, hub: "Warwick Hub" }),
    );
    expect(res.status).toBe(201);
    expect(res.body.hub).toBe(hub);
  });

  it("refuses a duplicate email, whatever its case, with 409 on field email", async () => {
    const email = uniqueEmail("dup");
    expect((await new Client(t.baseUrl).post("/api/auth/register", registration({ email }))).status).toBe(201);
    const again = await new Client(t.baseUrl).post(
      "/api/auth/register",
      registration({ email: email.toUpperCase(), username: `${email}x` }),
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: "An account with this email already exists", field: "email" });
  });

  it("refuses someone else's work email as a username, so its owner can still sign up", async () => {
    const theirs = uniqueEmail("owner");
    const squat = await new Client(t.baseUrl).post("/api/auth/register", registration({ username: theirs }));
    expect(squat.status).toBe(400);
    expect(squat.body).toEqual({
      message: "A username that is an email address must be your own email",
      field: "username",
    });
    const owner = await new Client(t.baseUrl).post("/api/auth/register", registration({ email: theirs }));
    expect(owner.status, owner.text).toBe(201);
    const plain = await new Client(t.baseUrl).post(
      "/api/auth/register",
      registration({ username: `medic${Date.now()}` }),
    );
    expect(plain.status).toBe(201);
  });

  it("refuses an email outside the NHS domains", async () => {
    const res = await new Client(t.baseUrl).post("/api/auth/register", registration({ email: "someone@gmail.com" }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Please sign up with your NHS email", field: "email" });
  });

  it.each([
    [{ email: "not-an-email" }, "email", "Invalid email address"],
    [{ password: "short1!" }, "password", "Password must be at least 8 characters and include a number and symbol"],
    [{ password: "longenough!" }, "password", "Password must be at least 8 characters and include a number and symbol"],
    [{ password: "longenough1" }, "password", "Password must be at least 8 characters and include a number and symbol"],
    [{ password: `${"a".repeat(127)}1!` }, "password", "Password must be at most 128 characters"],
    [{ firstName: "  " }, "firstName", "First name is required"],
    [{ clinicalGrade: "surgeon" }, "clinicalGrade", "Please select a clinical grade"],
    [{ paramedicBase: "" }, "paramedicBase", "Paramedic base is required"],
  ])("rejects %j on field %s", async (override, field, message) => {
    const res = await new Client(t.baseUrl).post("/api/auth/register", registration(override));
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toBe(message);
  });

  it("rejects a missing required field", async () => {
    const body = registration();
    delete (body as Record<string, unknown>).lastName;
    const res = await new Client(t.baseUrl).post("/api/auth/register", body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("lastName");
  });
});

describe("login and sessions", () => {
  it("signs in, records lastLoginAt and rotates the session id", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const before = client.cookies.get("sid");
    const res = await client.post("/api/auth/login", { email: user.email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("password");
    expect(res.body.lastLoginAt).toBeTruthy();
    // Signed in since sign-up: no longer a first visit (isFirstVisit), whatever the day.
    expect(res.body.lastLoginAt).not.toBe(res.body.createdAt);
    const after = client.cookies.get("sid");
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // the old session is gone server-side
    const stale = new Client(t.baseUrl);
    stale.cookies.set("sid", before as string);
    expect((await stale.get("/api/auth/user")).status).toBe(401);
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });

  it("sets HttpOnly, SameSite=Lax cookies; Remember me lasts 30 days, else a browser-session cookie", async () => {
    const { user } = await signedInClient(t.baseUrl);
    const plain = new Client(t.baseUrl);
    await plain.post("/api/auth/login", { email: user.email, password: PASSWORD });
    const plainCookie = plain.rawSetCookies.find((c) => c.startsWith("sid="));
    expect(plainCookie).toMatch(/HttpOnly/);
    expect(plainCookie).toMatch(/SameSite=Lax/);
    expect(plainCookie).not.toMatch(/Expires|Max-Age/i);
    expect(plainCookie).not.toMatch(/Secure/);

    const remembered = new Client(t.baseUrl);
    await remembered.post("/api/auth/login", { email: user.email, password: PASSWORD, rememberMe: true });
    const cookie = remembered.rawSetCookies.find((c) => c.startsWith("sid=")) as string;
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)?.[1] ?? "").getTime();
    const days = (expires - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it("answers the same for an unknown email and a wrong password", async () => {
    const { user } = await signedInClient(t.baseUrl);
    const wrong = await new Client(t.baseUrl).post("/api/auth/login", { email: user.email, password: "Wrong!pass1" });
    const unknown = await new Client(t.baseUrl).post("/api/auth/login", {
      email: uniqueEmail("nobody"),
      password: "Wrong!pass1",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe("Invalid email or password");
  });

  it("validates login input with the spec's words", async () => {
    const bad = await new Client(t.baseUrl).post("/api/auth/login", { email: "nope", password: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: "Invalid email address", field: "email" });
    const empty = await new Client(t.baseUrl).post("/api/auth/login", { email: uniqueEmail(), password: "" });
    expect(empty.body).toEqual({ message: "Password is required", field: "password" });
  });

  it("answers 400, not 500, to an address longer than any account's", async () => {
    const email = `${"a".repeat(300)}@nhs.net`;
    const login = await new Client(t.baseUrl).post("/api/auth/login", { email, password: "Wrong!pass1" });
    expect(login.status).toBe(400);
    expect(login.body).toEqual({ message: "Invalid email address", field: "email" });
    const forgot = await new Client(t.baseUrl).post("/api/auth/forgot-password", { email });
    expect(forgot.status).toBe(400);
    expect(forgot.body.field).toBe("email");
  });

  it("locks an account after too many failed logins with 429 and Retry-After", async () => {
    const { user } = await signedInClient(t.baseUrl);
    const c = new Client(t.baseUrl);
    for (let i = 0; i < 3; i++) {
      expect((await c.post("/api/auth/login", { email: user.email, password: "Wrong!pass1" })).status).toBe(401);
    }
    const locked = await c.post("/api/auth/login", { email: user.email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("counts failed logins sent all at once: no more guesses get through than the limit", async () => {
    const { user } = await signedInClient(t.baseUrl);
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () =>
        new Client(t.baseUrl).post("/api/auth/login", { email: user.email, password: "Wrong!pass1" }),
      ),
    );
    const statuses = attempts.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  it("logout ends the session on the server", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const sid = client.cookies.get("sid") as string;
    const res = await client.post("/api/auth/logout");
    expect(res.status).toBe(200);
    expect(client.cookies.has("sid")).toBe(false);
    const replay = new Client(t.baseUrl);
    replay.cookies.set("sid", sid);
    expect((await replay.get("/api/auth/user")).status).toBe(401);
  });

  it("answers 401 to a forged, tampered or expired cookie", async () => {
    const forged = new Client(t.baseUrl);
    forged.cookies.set("sid", "made-up-value.signature");
    expect((await forged.get("/api/auth/user")).status).toBe(401);

    const { client, user } = await signedInClient(t.baseUrl);
    const sid = client.cookies.get("sid") as string;
    const tampered = new Client(t.baseUrl);
    tampered.cookies.set("sid", `x${sid}`);
    expect((await tampered.get("/api/auth/user")).status).toBe(401);

    await t.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });

  it("refuses a cookie it has just accepted many times, on the first request after its session ends", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    for (let i = 0; i < 3; i++) expect((await client.get("/api/auth/user")).status).toBe(200);
    const sid = client.cookies.get("sid") as string;
    // Another signature on the same id: still refused, though the id's own cookie is accepted.
    const last = sid.at(-1) === "A" ? "B" : "A";
    const resigned = new Client(t.baseUrl);
    resigned.cookies.set("sid", `${sid.slice(0, -1)}${last}`);
    expect((await resigned.get("/api/auth/user")).status).toBe(401);
    expect((await client.get("/api/auth/user")).status).toBe(200);
    // Ended by another instance (or housekeeping): only the database knows.
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect((await client.get("/api/messages/unread-count")).status).toBe(401);
  });

  it("refuses a cookie signed with another secret, though another app in the process accepted it", async () => {
    const { client } = await signedInClient(t.baseUrl);
    expect((await client.get("/api/auth/user")).status).toBe(200);
    // The same database, so the session is live there: only the signature stands in the way.
    const other = await startTestApp({
      databaseUrl: t.database.url,
      env: { SESSION_SECRET: "another-secret-another-secret-another-0123" },
    });
    try {
      const replay = new Client(other.baseUrl);
      replay.cookies.set("sid", client.cookies.get("sid") as string);
      expect((await replay.get("/api/auth/user")).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("refuses a state-changing request from another origin or without one", async () => {
    const c = new Client(t.baseUrl);
    const res = await c.post("/api/auth/register", registration(), { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    const none = await fetch(`${t.baseUrl}/api/auth/logout`, { method: "POST" });
    expect(none.status).toBe(403);
  });

  it("refuses a cross-site request whose path spells /api/ with percent escapes", async () => {
    const { client } = await signedInClient(t.baseUrl, { firstName: "Alex" });
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    // The router decodes %61 to 'a', so this path reaches PATCH /api/profile.
    const res = await fetch(`${t.baseUrl}/%61pi/profile`, {
      method: "PATCH",
      headers: { cookie, "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ firstName: "Mallory" }),
    });
    expect(res.status).toBe(403);
    const bare = await fetch(`${t.baseUrl}/%61pi/auth/logout`, { method: "POST", headers: { cookie } });
    expect(bare.status).toBe(403);
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.firstName).toBe("Alex");
  });

  it("refuses a text/plain body (no cross-site form posts)", async () => {
    const c = new Client(t.baseUrl);
    const res = await c.post("/api/auth/login", JSON.stringify({ email: uniqueEmail(), password: "x" }), {
      "content-type": "text/plain",
    });
    expect(res.status).toBe(415);
  });
});

describe("session survives a server restart", () => {
  it("keeps the user signed in", async () => {
    const local = await startTestApp();
    const { client, user } = await signedInClient(local.baseUrl);
    const restarted = await local.restart();
    try {
      client.baseUrl = restarted.baseUrl;
      const me = await client.get("/api/auth/user");
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(user.id);
    } finally {
      await restarted.close();
    }
  });
});

describe("password reset", () => {
  it("always answers 'Check your email' and mails a link only to existing accounts", async () => {
    const { user } = await signedInClient(t.baseUrl);
    const before = t.mails.length;
    const unknown = await new Client(t.baseUrl).post("/api/auth/forgot-password", { email: uniqueEmail("ghost") });
    expect(unknown.status).toBe(200);
    expect(unknown.body.message).toBe("Check your email");
    const known = await new Client(t.baseUrl).post("/api/auth/forgot-password", { email: user.email });
    expect(known.body).toEqual(unknown.body);
    // The mail goes out after the answer; the unknown address, asked first, got none.
    await until(() => t.mails.length >= before + 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)?.to).toBe(user.email);
    expect(t.mails.at(-1)?.text).toMatch(/\/reset-password\?token=/);
  });

  it("resets once with a valid token, ends old sessions, and refuses reuse", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const before = t.mails.length;
    await new Client(t.baseUrl).post("/api/auth/forgot-password", { email: user.email });
    await until(() => t.mails.length > before);
    const link = /(\S*\/reset-password\?token=\S+)/.exec(t.mails.at(-1)?.text ?? "")?.[1] as string;
    const token = decodeURIComponent(new URL(link).searchParams.get("token") as string);
    const newPassword = "N3w-secret!";
    const res = await new Client(t.baseUrl).post("/api/auth/reset-password", { token, password: newPassword });
    expect(res.status).toBe(200);
    expect(expectMatchesContract(t.responseContracts, "POST", "/api/auth/reset-password", res)).toBeDefined();
    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect(
      (await new Client(t.baseUrl).post("/api/auth/login", { email: user.email, password: PASSWORD })).status,
    ).toBe(401);
    expect(
      (await new Client(t.baseUrl).post("/api/auth/login", { email: user.email, password: newPassword })).status,
    ).toBe(200);
    const reuse = await new Client(t.baseUrl).post("/api/auth/reset-password", { token, password: "An0ther-one!" });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({ message: "This reset link is invalid or has expired", field: "token" });
  });

  it("a reset uses up the user's other reset links too", async () => {
    const { user } = await signedInClient(t.baseUrl);
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const before = t.mails.length;
      await new Client(t.baseUrl).post("/api/auth/forgot-password", { email: user.email });
      await until(() => t.mails.length > before);
      const link = /(\S*\/reset-password\?token=\S+)/.exec(t.mails.at(-1)?.text ?? "")?.[1] as string;
      tokens.push(decodeURIComponent(new URL(link).searchParams.get("token") as string));
    }
    const newer = await new Client(t.baseUrl).post("/api/auth/reset-password", {
      token: tokens[1],
      password: "N3w-secret!",
    });
    expect(newer.status).toBe(200);
    const older = await new Client(t.baseUrl).post("/api/auth/reset-password", {
      token: tokens[0],
      password: "0ther-pass!",
    });
    expect(older.status).toBe(400);
    expect(older.body).toEqual({ message: "This reset link is invalid or has expired", field: "token" });
    const login = await new Client(t.baseUrl).post("/api/auth/login", { email: user.email, password: "N3w-secret!" });
    expect(login.status).toBe(200);
  });

  it("refuses a made-up token and a weak password", async () => {
    const made = await new Client(t.baseUrl).post("/api/auth/reset-password", {
      token: "x".repeat(43),
      password: "G00d-pass!",
    });
    expect(made.status).toBe(400);
    expect(made.body.field).toBe("token");
    const weak = await new Client(t.baseUrl).post("/api/auth/reset-password", {
      token: "x".repeat(43),
      password: "weak",
    });
    expect(weak.body.field).toBe("password");
  });

  it("limits reset mails per account", async () => {
    const { user } = await signedInClient(t.baseUrl);
    const before = t.mails.length;
    for (let i = 0; i < 4; i++) await new Client(t.baseUrl).post("/api/auth/forgot-password", { email: user.email });
    await until(() => t.mails.length - before >= 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mails.length - before).toBe(2);
  });
});

describe("password reset with a mail server that fails or hangs", () => {
  it("answers 'Check your email' at once, exactly as for an unknown address", async () => {
    const databaseUrl = await createDatabase();
    const database = await connect(databaseUrl, 4);
    await runMigrations(database);
    const port = await freePort();
    let mode: "fail" | "hang" = "fail";
    const attempts: string[] = [];
    const app = await buildApp(
      {
        config: loadConfig({
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "crewswap-app-")),
          APP_URL: `http://127.0.0.1:${port}`,
          SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
          LOG_LEVEL: "silent",
        }),
        db: database.db,
        databaseUrl,
        mailer: {
          send: (m) => {
            attempts.push(m.to);
            return mode === "fail" ? Promise.reject(new Error("SMTP 421 try later")) : new Promise(() => {});
          },
        },
      },
      { logger: false },
    );
    try {
      await app.listen({ port, host: "127.0.0.1" });
      const baseUrl = `http://127.0.0.1:${port}`;
      const { user } = await signedInClient(baseUrl);
      const unknown = await new Client(baseUrl).post("/api/auth/forgot-password", { email: uniqueEmail("ghost") });
      for (const m of ["fail", "hang"] as const) {
        mode = m;
        const known = await new Client(baseUrl).post("/api/auth/forgot-password", { email: user.email });
        expect(known.status, `${m}: ${known.text}`).toBe(200);
        expect(known.body).toEqual(unknown.body);
      }
      await until(() => attempts.length >= 2);
      expect(attempts).toEqual([user.email, user.email]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("per-address limits", () => {
  it("answers 429 with Retry-After past the registrations limit", async () => {
    const local = await startTestApp({ limits: { registrationsPerIp: 2 } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await new Client(local.baseUrl).post("/api/auth/register", registration())).status);
      expect(statuses).toEqual([201, 201, 429]);
      const res = await new Client(local.baseUrl).post("/api/auth/register", registration());
      expect(res.headers.get("retry-after")).toBeTruthy();
    } finally {
      await local.close();
    }
  });
});

describe("housekeeping", () => {
  it("purges ended sessions, spent limit windows and old reset links, and keeps live ones", async () => {
    const { purgeExpired } = await import("../../server/auth/session-queries");
    const { passwordResets, rateLimits } = await import("../../server/db/schema");
    const db = t.database.db;
    const live = await signedInClient(t.baseUrl);
    const ended = await signedInClient(t.baseUrl);
    await db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, ended.user.id));
    const hour = 60 * 60 * 1000;
    await db.insert(rateLimits).values([
      { key: `spent:${ended.user.id}`, count: 3, resetAt: new Date(Date.now() - 1000) },
      { key: `live:${live.user.id}`, count: 3, resetAt: new Date(Date.now() + hour) },
    ]);
    await db.insert(passwordResets).values([
      { userId: ended.user.id, tokenHash: `old-${ended.user.id}`, expiresAt: new Date(Date.now() - 48 * hour) },
      { userId: live.user.id, tokenHash: `new-${live.user.id}`, expiresAt: new Date(Date.now() + hour) },
    ]);
    await purgeExpired(db);
    expect(await db.select().from(sessions).where(eq(sessions.userId, ended.user.id))).toEqual([]);
    expect((await live.client.get("/api/auth/user")).status).toBe(200);
    const keys = (await db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).toContain(`live:${live.user.id}`);
    expect(keys).not.toContain(`spent:${ended.user.id}`);
    const tokens = (await db.select().from(passwordResets)).map((r) => r.tokenHash);
    expect(tokens).toContain(`new-${live.user.id}`);
    expect(tokens).not.toContain(`old-${ended.user.id}`);
  });
});
