import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client, PASSWORD, registration, signedInClient, uniqueEmail } from "./helpers/client";
import { expectMatchesContract } from "./helpers/contracts";
import { addShift, dayFromToday, offDay } from "./helpers/swaps";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { EMAIL_VERIFICATION: "required" } });
});
afterAll(async () => t.close());

const UNVERIFIED =
  "Please confirm your email address first: open the link we emailed you, or press Resend on the banner.";
const HUB = `/api/users/hub/${encodeURIComponent("Dudley Hub")}`;

/** The verification link in the newest .eml the mailer wrote for this address (mails go out after the answer). */
async function linkFor(address: string, notThis?: string): Promise<string> {
  const dir = path.join(t.dataDir, "outbox");
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const files = existsSync(dir) ? readdirSync(dir).sort().reverse() : [];
    for (const file of files) {
      const raw = readFileSync(path.join(dir, file), "utf8");
      if (!raw.toLowerCase().includes(`to: ${address.toLowerCase()}`)) continue;
      const decoded = raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
      const match = /(http\S*\/api\/auth\/verify-email\?token=[A-Za-z0-9_%-]+)/.exec(decoded);
      if (match && match[1] !== notThis) return match[1];
      if (match) break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no verification mail for ${address}`);
}

/** Opens the mailed link as a mail app would (no cookie), answering where it sends the browser. */
async function openLink(link: string): Promise<string | null> {
  const url = new URL(link);
  const res = await fetch(`${t.baseUrl}${url.pathname}${url.search}`, { redirect: "manual" });
  expect(res.status).toBe(303);
  return res.headers.get("location");
}

async function verify(address: string) {
  expect(await openLink(await linkFor(address))).toBe("/dashboard?email-verified=1");
}

const listedIds = async (viewer: Client) => {
  const res = await viewer.get(HUB);
  expect(res.status).toBe(200);
  return res.body.map((i: { clinician: { id: number } }) => i.clinician.id);
};

describe("proving the NHS address", () => {
  it("mails a link at sign-up; until it is used the account keeps its calendar but is hidden and cannot reach colleagues", async () => {
    const viewer = await signedInClient(t.baseUrl, { swapUrgency: "urgent" });
    await verify(viewer.user.email);
    const email = uniqueEmail("newcomer");
    const { client, user } = await signedInClient(t.baseUrl, {
      email,
      swapUrgency: "urgent",
      activelySeekingSwaps: true,
    });
    expect((await client.get("/api/auth/user")).body.emailVerified).toBe(false);
    expect(await linkFor(email)).toMatch(/\/api\/auth\/verify-email\?token=/);

    // Their own calendar works.
    const own = await client.post("/api/shifts", {
      date: dayFromToday(11),
      shiftType: "day",
      startTime: "07:00",
      endTime: "19:00",
    });
    expect(own.status, own.text).toBe(201);

    // Colleagues do not see them: hub list and count, matches, open requests.
    expect(await listedIds(viewer.client)).not.toContain(user.id);
    const count = await viewer.client.get(`${HUB}/count`);
    const date = dayFromToday(12);
    const viewerShift = await addShift(t.database.db, viewer.user.id, date, { shiftType: "day" });
    await offDay(t.database.db, user.id, date);
    const matches = await viewer.client.get(`/api/find-matches/${viewerShift}`);
    expect(matches.status).toBe(200);
    expect(matches.body.map((m: { user: { id: number } }) => m.user.id)).not.toContain(user.id);
    // Nor can a request reach them by id: unknown, exactly like an id nobody holds.
    const byId = await viewer.client.post("/api/swap-requests", {
      requesterShiftId: viewerShift,
      responderId: user.id,
    });
    expect(byId.status, byId.text).toBe(404);
    expect(byId.body.message).toBe("Clinician not found");
    expect(byId.text).not.toContain(user.firstName);

    // They cannot send requests or messages.
    const myShift = await addShift(t.database.db, user.id, dayFromToday(20), { shiftType: "day" });
    const ask = await client.post("/api/swap-requests", { requesterShiftId: myShift });
    expect(ask.status).toBe(403);
    expect(ask.body).toEqual({ message: UNVERIFIED });
    const message = await client.post("/api/messages", { swapRequestId: 1, content: "hello", isRead: false });
    expect(message.status).toBe(403);
    expect(message.body).toEqual({ message: UNVERIFIED });

    // The link proves the address: listed, counted, matched, and free to ask.
    await verify(email);
    expect((await client.get("/api/auth/user")).body.emailVerified).toBe(true);
    const after = await viewer.client.get(HUB);
    expect(
      after.body.map((i: { clinician: { id: number } }) => i.clinician.id),
      after.text,
    ).toContain(user.id);
    const countAfter = await viewer.client.get(`${HUB}/count`);
    expect(countAfter.body.count).toBe(count.body.count + 1);
    const matchesAfter = await viewer.client.get(`/api/find-matches/${viewerShift}`);
    expect(matchesAfter.body.map((m: { user: { id: number } }) => m.user.id)).toContain(user.id);
    const askAfter = await client.post("/api/swap-requests", { requesterShiftId: myShift });
    expect(askAfter.status, askAfter.text).toBe(201);
    const byIdAfter = await viewer.client.post("/api/swap-requests", {
      requesterShiftId: viewerShift,
      responderId: user.id,
    });
    expect(byIdAfter.status, byIdAfter.text).toBe(201);

    // A used link does nothing more.
    expect(await openLink(await linkFor(email))).toBe("/dashboard?email-verified=0");
  });

  it("an unproven account cannot offer to cover an open request", async () => {
    const asker = await signedInClient(t.baseUrl);
    await verify(asker.user.email);
    const shiftId = await addShift(t.database.db, asker.user.id, dayFromToday(15), { shiftType: "day" });
    const open = await asker.client.post("/api/swap-requests", { requesterShiftId: shiftId });
    expect(open.status, open.text).toBe(201);
    const { client } = await signedInClient(t.baseUrl);
    // Open requests of colleagues are listed to proven accounts only as offers they can make.
    const offer = await client.post(`/api/swap-requests/${open.body.id}/offer-to-cover`);
    expect(offer.status).toBe(403);
    expect(offer.body.message).toBe(UNVERIFIED);
    // Nor are unproven requesters' open requests listed to others.
    const stranger = await signedInClient(t.baseUrl);
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, asker.user.id));
    await verify(stranger.user.email);
    const listed = await stranger.client.get("/api/swap-requests/open");
    expect(listed.body.map((r: { id: number }) => r.id)).not.toContain(open.body.id);
    // Nor taken by its id: a request that is not listed to someone does not exist for them.
    const byId = await stranger.client.post(`/api/swap-requests/${open.body.id}/offer-to-cover`);
    expect(byId.status, byId.text).toBe(404);
  });

  it("Resend mails a new link (the old one stops working) and is limited", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const first = await linkFor(user.email);
    const resend = await client.post("/api/auth/resend-verification");
    expect(resend.status).toBe(200);
    expect(expectMatchesContract(t.responseContracts, "POST", "/api/auth/resend-verification", resend)).toBeDefined();
    const second = await linkFor(user.email, first);
    expect(second).not.toBe(first);
    expect(await openLink(first)).toBe("/dashboard?email-verified=0");
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await client.post("/api/auth/resend-verification")).status);
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses[4]).toBe(429);
    await verify(user.email);
    expect((await client.post("/api/auth/resend-verification")).status).toBe(409);
  });

  it("an unproven account older than a day does not keep the address from its real owner", async () => {
    const email = uniqueEmail("colleague");
    const squatter = await signedInClient(t.baseUrl, { email, firstName: "Impostor" });
    const squattersLink = await linkFor(email);
    // Within the day, the address is taken.
    const early = await new Client(t.baseUrl).post("/api/auth/register", registration({ email }));
    expect(early.status).toBe(409);

    await t.database.db
      .update(users)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(users.id, squatter.user.id));
    const owner = new Client(t.baseUrl);
    const res = await owner.post("/api/auth/register", registration({ email, firstName: "Real" }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.firstName).toBe("Real");
    expect((await squatter.client.get("/api/auth/user")).status).toBe(401);
    expect(await openLink(await linkFor(email, squattersLink))).toBe("/dashboard?email-verified=1");
    expect((await owner.get("/api/auth/user")).body.emailVerified).toBe(true);
  });

  it("a proven account keeps its address however old", async () => {
    const { user } = await signedInClient(t.baseUrl);
    await verify(user.email);
    await t.database.db.update(users).set({ createdAt: sql`now() - interval '30 days'` }).where(eq(users.id, user.id));
    const res = await new Client(t.baseUrl).post("/api/auth/register", registration({ email: user.email }));
    expect(res.status).toBe(409);
  });

  it("a new email takes effect only when its link is opened; the old address is told both times", async () => {
    const { client, user } = await signedInClient(t.baseUrl, { swapUrgency: "urgent" });
    await verify(user.email);
    const next = uniqueEmail("moved");
    const res = await client.patch("/api/profile", { email: next, currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    // Still the proven address: nobody can take a colleague's address by changing to it.
    expect(res.body).toMatchObject({ email: user.email, pendingEmail: next, emailVerified: true });
    expect(t.mails.some((m) => m.to === user.email && /being changed/.test(m.subject))).toBe(true);
    const login = await new Client(t.baseUrl).post("/api/auth/login", { email: next, password: PASSWORD });
    expect(login.status).toBe(401);

    await verify(next);
    const me = (await client.get("/api/auth/user")).body;
    expect(me).toMatchObject({ email: next, pendingEmail: null, emailVerified: true });
    expect(t.mails.some((m) => m.to === user.email && /address was changed/.test(m.subject))).toBe(true);
    const fresh = new Client(t.baseUrl);
    expect((await fresh.post("/api/auth/login", { email: next, password: PASSWORD })).status).toBe(200);
  });

  it("a new email already in use is refused, and a password change cancels a pending one", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const other = await signedInClient(t.baseUrl);
    const taken = await client.patch("/api/profile", { email: other.user.email, currentPassword: PASSWORD });
    expect(taken.status).toBe(409);
    expect(taken.body.field).toBe("email");

    const next = uniqueEmail("pending");
    expect((await client.patch("/api/profile", { email: next, currentPassword: PASSWORD })).status).toBe(200);
    const link = await linkFor(next);
    const changed = await client.post("/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: "Brand-n3w!",
    });
    expect(changed.status).toBe(200);
    expect(await openLink(link)).toBe("/dashboard?email-verified=0");
    expect((await client.get("/api/auth/user")).body).toMatchObject({ email: user.email, pendingEmail: null });
  });
});

describe("without EMAIL_VERIFICATION", () => {
  it("is off by default without SMTP: sign-ups are proven at once and no link is mailed", async () => {
    const plain = await startTestApp();
    try {
      const { client, user } = await signedInClient(plain.baseUrl);
      expect((await client.get("/api/auth/user")).body.emailVerified).toBe(true);
      expect(plain.mails.filter((m) => m.to === user.email)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
