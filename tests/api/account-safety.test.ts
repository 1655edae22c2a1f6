import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, until } from "./helpers/app";
import { Client, PASSWORD, signedInClient, uniqueEmail } from "./helpers/client";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const MAC_UA =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

/** A second browser holding a copy of the session cookie (a borrowed or stolen session). */
function borrow(client: Client): Client {
  const copy = new Client(client.baseUrl);
  copy.cookies = new Map(client.cookies);
  return copy;
}

async function signInAgain(email: string, password = PASSWORD, ua?: string) {
  const device = new Client(t.baseUrl);
  const res = await device.post("/api/auth/login", { email, password }, ua ? { "user-agent": ua } : {});
  expect(res.status).toBe(200);
  return device;
}

/** The .eml files the mailer wrote for this address, as text. */
function outboxFor(address: string): string[] {
  const dir = path.join(t.dataDir, "outbox");
  return readdirSync(dir)
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .filter((raw) => raw.toLowerCase().includes(`to: ${address.toLowerCase()}`));
}

async function feedUrl(client: Client): Promise<string> {
  const res = await client.get("/api/calendar-feed/token");
  expect(res.status).toBe(200);
  return new URL(res.body.url).pathname;
}

describe("a borrowed session cannot take the account over", () => {
  it("needs the current password to change the email and to delete the account", async () => {
    const { client: owner, user } = await signedInClient(t.baseUrl);
    const thief = borrow(owner);
    const attackerEmail = uniqueEmail("attacker");

    const missing = await thief.patch("/api/profile", { email: attackerEmail });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      message: "Please enter your current password to change your email",
      field: "currentPassword",
    });
    const wrong = await thief.patch("/api/profile", { email: attackerEmail, currentPassword: "Guess!ed123" });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: "Your current password is not correct", field: "currentPassword" });

    const noPassword = await thief.request("DELETE", "/api/profile", {});
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.field).toBe("password");
    const bare = await thief.delete("/api/profile");
    expect(bare.status).toBe(400);
    const wrongDelete = await thief.request("DELETE", "/api/profile", { password: "Guess!ed123" });
    expect(wrongDelete.status).toBe(403);
    expect(wrongDelete.body).toEqual({ message: "Your password is not correct", field: "password" });

    // Nothing changed: the owner's address still signs in, and a reset still goes to them.
    const me = await owner.get("/api/auth/user");
    expect(me.body.email).toBe(user.email);
    await signInAgain(user.email);
    expect(t.mails.some((m) => m.to === attackerEmail)).toBe(false);
  });

  it("guessing the password through a borrowed session is limited", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const thief = borrow(client);
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        (await thief.patch("/api/profile", { email: uniqueEmail("x"), currentPassword: `Wr0ng!${i}` })).status,
      );
    }
    expect(answers.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it("a borrowed session's guesses lock only that session, not the owner on another device", async () => {
    const { client: phone, user } = await signedInClient(t.baseUrl);
    const thief = borrow(phone);
    for (let i = 0; i < 10; i++) {
      const res = await thief.post("/api/auth/change-password", {
        currentPassword: `Wr0ng!${i}`,
        newPassword: "An0ther!pass",
      });
      expect(res.status).toBe(403);
    }
    for (const attempt of [
      () => thief.post("/api/auth/change-password", { currentPassword: PASSWORD, newPassword: "An0ther!pass" }),
      () => thief.request("DELETE", "/api/profile", { password: PASSWORD }),
    ]) {
      const limited = await attempt();
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe("Too many wrong passwords. Please wait 15 minutes and try again.");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    }

    const laptop = await signInAgain(user.email);
    const changed = await laptop.post("/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: "An0ther!pass",
    });
    expect(changed.status).toBe(200);
    // The change ended the borrowed session with the phone's.
    expect((await thief.get("/api/auth/user")).status).toBe(401);
    const deleted = await laptop.request("DELETE", "/api/profile", { password: "An0ther!pass" });
    expect(deleted.status).toBe(200);
    const login = await new Client(t.baseUrl).post("/api/auth/login", { email: user.email, password: "An0ther!pass" });
    expect(login.status).toBe(401);
  });

  it("a real email change tells the old address and ends every other session", async () => {
    const { client: owner, user } = await signedInClient(t.baseUrl, { firstName: "Priya" });
    const laptop = await signInAgain(user.email);
    const thief = borrow(laptop);
    const next = uniqueEmail("moved");

    const res = await owner.patch("/api/profile", { email: next, currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(next);

    expect((await owner.get("/api/auth/user")).status).toBe(200);
    expect((await laptop.get("/api/auth/user")).status).toBe(401);
    expect((await thief.get("/api/auth/user")).status).toBe(401);

    const notice = t.mails.find((m) => m.to === user.email && /email address was changed/i.test(m.subject));
    expect(notice?.text).toContain(`from ${user.email} to ${next}`);
    // The real mailer wrote it to the outbox too.
    const eml = outboxFor(user.email).find((raw) => raw.includes("Your CrewSwap email address was changed"));
    expect(eml).toBeDefined();
  });

  it("deletes the account with the right password", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const res = await client.request("DELETE", "/api/profile", { password: PASSWORD });
    expect(res.status).toBe(200);
    const login = await new Client(t.baseUrl).post("/api/auth/login", { email: user.email, password: PASSWORD });
    expect(login.status).toBe(401);
  });
});

describe("change password", () => {
  it("needs the current password and SPEC's rule for the new one", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const wrong = await client.post("/api/auth/change-password", {
      currentPassword: "N0t-mine!",
      newPassword: "Brand-n3w!",
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.field).toBe("currentPassword");
    const weak = await client.post("/api/auth/change-password", { currentPassword: PASSWORD, newPassword: "password" });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({
      message: "Password must be at least 8 characters and include a number and symbol",
      field: "newPassword",
    });
  });

  it("ends the other sessions, keeps this one, and gives the calendar feed a new address", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const other = await signInAgain(user.email);
    const oldFeed = await feedUrl(client);
    expect((await new Client(t.baseUrl).get(oldFeed)).status).toBe(200);

    const res = await client.post("/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: "Brand-n3w!",
    });
    expect(res.status).toBe(200);

    expect((await client.get("/api/auth/user")).status).toBe(200);
    expect((await other.get("/api/auth/user")).status).toBe(401);
    expect((await new Client(t.baseUrl).get(oldFeed)).status).toBe(404);
    const newFeed = await feedUrl(client);
    expect(newFeed).not.toBe(oldFeed);
    expect((await new Client(t.baseUrl).get(newFeed)).status).toBe(200);

    const fresh = new Client(t.baseUrl);
    expect((await fresh.post("/api/auth/login", { email: user.email, password: PASSWORD })).status).toBe(401);
    expect((await fresh.post("/api/auth/login", { email: user.email, password: "Brand-n3w!" })).status).toBe(200);
  });

  it("a password reset also gives the calendar feed a new address", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const oldFeed = await feedUrl(client);
    const before = t.mails.length;
    await new Client(t.baseUrl).post("/api/auth/forgot-password", { email: user.email });
    await until(() => t.mails.length > before);
    const token = /reset-password\?token=(\S+)/.exec(t.mails.at(-1)?.text ?? "")?.[1] as string;
    const reset = await new Client(t.baseUrl).post("/api/auth/reset-password", {
      token: decodeURIComponent(token),
      password: "Reset-n3w!",
    });
    expect(reset.status).toBe(200);
    expect((await new Client(t.baseUrl).get(oldFeed)).status).toBe(404);
  });
});

describe("where you're signed in", () => {
  it("lists each device with its browser, marks this one, and signs out the others", async () => {
    const { user } = await signedInClient(t.baseUrl);
    const phone = await signInAgain(user.email, PASSWORD, PHONE_UA);
    const mac = await signInAgain(user.email, PASSWORD, MAC_UA);

    const list = await phone.get("/api/auth/sessions");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    const devices = list.body.map((s: { device: string }) => s.device);
    expect(devices).toEqual(expect.arrayContaining(["Chrome on Android", "Safari on macOS"]));
    const current = list.body.filter((s: { current: boolean }) => s.current);
    expect(current).toEqual([expect.objectContaining({ device: "Chrome on Android" })]);
    for (const s of list.body) expect(Number.isNaN(Date.parse(s.lastSeenAt))).toBe(false);
    // Nothing in the list can be used as a session.
    expect(JSON.stringify(list.body)).not.toMatch(/sid|[A-Za-z0-9_-]{43}/);

    const out = await phone.post("/api/auth/sessions/sign-out-others");
    expect(out.status).toBe(200);
    expect((await mac.get("/api/auth/user")).status).toBe(401);
    expect((await phone.get("/api/auth/user")).status).toBe(200);
    const after = await phone.get("/api/auth/sessions");
    expect(after.body).toEqual([expect.objectContaining({ device: "Chrome on Android", current: true })]);
  });

  it("is for the signed-in user only", async () => {
    expect((await new Client(t.baseUrl).get("/api/auth/sessions")).status).toBe(401);
    expect((await new Client(t.baseUrl).post("/api/auth/sessions/sign-out-others")).status).toBe(401);
    expect(
      (
        await new Client(t.baseUrl).post("/api/auth/change-password", {
          currentPassword: "x",
          newPassword: "Y0u-k!now",
        })
      ).status,
    ).toBe(401);
  });
});
