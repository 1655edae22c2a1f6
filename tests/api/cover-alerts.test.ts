import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { users } from "../../server/db/schema";
import { shortDate } from "../../server/notifications/events";
import { startTestApp, type TestApp, until } from "./helpers/app";
import { Client, PASSWORD } from "./helpers/client";
import { PushReceiver } from "./helpers/push-receiver";
import { openReadySocket } from "./helpers/socket";
import { addShift, dayFromToday, offDay, type Party, party } from "./helpers/swaps";

const vapid = webpush.generateVAPIDKeys();
const env = {
  PUSH_ALLOW_INSECURE: "true",
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  NOTIFY_MESSAGE_HOLD_SECONDS: "0",
  // Due at once: the digest is waited for by its arrival, not by a delay.
  NOTIFY_EMAIL_DELAY_MINUTES: "0",
  COVER_ALERTS_PER_DAY: "3",
};
const worker = { pollMs: 50, timeoutMs: 1500 };

let t: TestApp;
let second: TestApp;
let receiver: PushReceiver;
const device = new Map<number, string>();
let nextDay = 30;

/** The same user, signed in, talking to the second instance. */
const via2 = (p: Party) => {
  const c = new Client(second.baseUrl);
  c.cookies = p.client.cookies;
  return c;
};

beforeAll(async () => {
  receiver = await new PushReceiver().start();
  t = await startTestApp({ env, notificationWorker: worker });
  second = await startTestApp({ env, notificationWorker: worker, databaseUrl: t.database.url });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  await receiver?.stop();
});

/** A clinician with a push device (Dudley Hub, paramedic unless told otherwise). */
async function clinician(firstName: string, overrides: Record<string, unknown> = {}): Promise<Party> {
  const p = await party(t.baseUrl, { firstName, lastName: "Test", ...overrides });
  const sub = receiver.subscription(`p${p.id}`);
  expect((await p.client.post("/api/push/subscriptions", sub.json)).status).toBe(201);
  device.set(p.id, sub.endpoint);
  return p;
}

const coverPushes = (p: Party) =>
  receiver.pushesFor(device.get(p.id) as string).filter((r) => r.payload.title === "Cover needed");

/** Waits until `expected` cover pushes have arrived in all, then a little longer so a duplicate would show. */
async function settle(everyone: Party[], expected: number) {
  const total = () => everyone.reduce((n, p) => n + coverPushes(p).length, 0);
  await receiver.waitFor(() => total() >= expected, 10_000);
  await new Promise((r) => setTimeout(r, 600));
  expect(total()).toBe(expected);
}

async function openRequest(requester: Party, day: string, via = requester.client) {
  const shiftId = await addShift(t.database.db, requester.id, day, { shiftType: "day" });
  const res = await via.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: null });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

const setSettings = async (p: Party, body: Record<string, unknown>) =>
  expect((await p.client.request("PUT", "/api/notifications/settings", body)).status).toBe(200);

/** Everyone of the eligibility matrix; only `fit`, `followsAll` and `followsDudley` could cover a day shift. */
type Matrix = Record<
  | "fit"
  | "followsAll"
  | "followsDudley"
  | "technician"
  | "noOffDay"
  | "tired"
  | "otherHub"
  | "switchedOff"
  | "unverified",
  Party
>;

async function matrix(tag: string): Promise<Matrix> {
  const m = {
    fit: await clinician(`Fit${tag}`),
    followsAll: await clinician(`All${tag}`, { paramedicBase: "Coventry" }),
    followsDudley: await clinician(`Follow${tag}`, { paramedicBase: "Stoke" }),
    technician: await clinician(`Tech${tag}`, { clinicalGrade: "technician" }),
    noOffDay: await clinician(`Busy${tag}`),
    tired: await clinician(`Tired${tag}`),
    otherHub: await clinician(`Other${tag}`, { paramedicBase: "Stafford" }),
    switchedOff: await clinician(`Off${tag}`),
    unverified: await clinician(`Unproven${tag}`),
  };
  await setSettings(m.followsAll, { followAllHubs: true });
  await setSettings(m.followsDudley, { followedHubs: ["Dudley Hub", "Stoke Hub"] });
  await setSettings(m.switchedOff, { coverAlerts: false });
  await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, m.unverified.id));
  return m;
}

describe("a new open request alerts every colleague who could take it, once", () => {
  it("follows the eligibility matrix, across two instances, and never twice for one request", async () => {
    const amy = await clinician("Amy", { lastName: "Ash" });
    const m = await matrix("R");
    const gone = await clinician("GoneR");
    const day = dayFromToday(nextDay++);
    for (const p of [
      m.fit,
      m.followsAll,
      m.followsDudley,
      m.technician,
      m.tired,
      m.otherHub,
      m.switchedOff,
      m.unverified,
      gone,
    ]) {
      await offDay(t.database.db, p.id, day);
    }
    // A night ending at 07:00 that morning: a 07:00 day shift would leave no daily rest.
    await addShift(t.database.db, m.tired.id, dayFromToday(nextDay - 2), { shiftType: "night" });
    expect((await gone.client.request("DELETE", "/api/profile", { password: PASSWORD })).status).toBe(200);

    const id = await openRequest(amy, day, via2(amy));
    const everyone = [amy, ...Object.values(m)];
    await settle(everyone, 3);
    const body = `Day shift ${shortDate(day)} at Dudley Hub, for Amy Ash`;
    for (const p of [m.fit, m.followsAll, m.followsDudley]) {
      expect(coverPushes(p).map((r) => r.payload)).toEqual([
        { title: "Cover needed", body, url: `/dashboard?cover=${id}`, tag: `cover-${id}` },
      ]);
    }

    const alerts = await m.fit.client.get("/api/cover-alerts");
    expect(alerts.status).toBe(200);
    expect(alerts.body).toEqual([
      {
        swapRequestId: id,
        date: day,
        shiftType: "day",
        startTime: "07:00",
        endTime: "19:00",
        hub: "Dudley Hub",
        requester: { id: amy.id, firstName: "Amy", lastName: "Ash" },
        createdAt: expect.any(String),
        state: "open",
      },
    ]);
    for (const p of [m.technician, m.noOffDay, m.tired, m.otherHub, m.switchedOff, m.unverified, amy]) {
      expect((await p.client.get("/api/cover-alerts")).body).toEqual([]);
    }

    // Addressed to one colleague, then opened to everyone again: nobody hears twice.
    expect((await amy.client.patch(`/api/swap-requests/${id}`, { responderId: m.fit.id })).status).toBe(200);
    const reopened = await via2(amy).patch(`/api/swap-requests/${id}`, { responderId: null });
    expect(reopened.status, reopened.text).toBe(200);
    await settle(everyone, 3);

    // Taken by someone else: the others' alert says so.
    expect((await m.followsAll.client.post(`/api/swap-requests/${id}/offer-to-cover`)).status).toBe(200);
    expect((await m.fit.client.get("/api/cover-alerts")).body[0].state).toBe("taken");
    expect((await amy.client.patch(`/api/swap-requests/${id}`, { status: "cancelled" })).status).toBe(200);
    expect((await m.fit.client.get("/api/cover-alerts")).body[0].state).toBe("closed");
  });

  it("a request opened to everyone after it was addressed to one colleague alerts the others", async () => {
    const bea = await clinician("Bea", { lastName: "Birch" });
    const fit = await clinician("FitE");
    const addressed = await clinician("ToE");
    const day = dayFromToday(nextDay++);
    await offDay(t.database.db, fit.id, day);
    await offDay(t.database.db, addressed.id, day);
    const shiftId = await addShift(t.database.db, bea.id, day, { shiftType: "day" });
    const res = await bea.client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: addressed.id });
    expect(res.status).toBe(201);
    const socket = await openReadySocket(second.baseUrl, via2(fit), t.database.db, fit.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(coverPushes(fit)).toEqual([]);
    expect((await bea.client.patch(`/api/swap-requests/${res.body.id}`, { responderId: null })).status).toBe(200);
    await settle([bea, fit, addressed], 2);
    // Told live as well, so an open dashboard refreshes its list.
    expect(await socket.nth(1)).toEqual({ type: "COVER_ALERTS_CHANGED", payload: { swapRequestId: res.body.id } });
    // And when someone else takes it, so the list shows it covered without a reload.
    expect((await addressed.client.post(`/api/swap-requests/${res.body.id}/offer-to-cover`)).status).toBe(200);
    expect(await socket.nth(2)).toEqual({ type: "COVER_ALERTS_CHANGED", payload: { swapRequestId: res.body.id } });
    socket.ws.close();
    expect(coverPushes(fit)[0].payload.body).toBe(`Day shift ${shortDate(day)} at Dudley Hub, for Bea Birch`);
  });
});

describe("marking an Available Off Day tells of the open requests on it", () => {
  it("one push naming how many and where, and each request becomes a cover alert; the matrix holds", async () => {
    const cal = await clinician("Cal", { lastName: "Cedar" });
    const dot = await clinician("Dot", { lastName: "Dale", paramedicBase: "Coventry" });
    const m = await matrix("O");
    const day = dayFromToday(nextDay++);
    const single = dayFromToday(nextDay++);
    const calOnDay = await openRequest(cal, day);
    const dotOnDay = await openRequest(dot, day);
    const calOnSingle = await openRequest(cal, single);
    await addShift(t.database.db, m.tired.id, dayFromToday(nextDay - 3), { shiftType: "night" });

    const mark = (p: Party, date: string, client = p.client) =>
      client.post("/api/availability", { date, status: "available" });
    for (const p of Object.values(m)) {
      if (p === m.noOffDay) continue;
      const res = await mark(p, day, p === m.fit ? via2(p) : p.client);
      expect(res.status, res.text).toBeLessThan(300);
    }
    expect((await mark(m.fit, single)).status).toBeLessThan(300);
    const everyone = [cal, dot, ...Object.values(m)];
    // fit: Dudley only on `day` (one request there) and `single`; followsAll: both hubs; followsDudley: Dudley.
    await settle(everyone, 4);
    const bodies = (p: Party) => coverPushes(p).map((r) => r.payload.body);
    expect(bodies(m.fit).sort()).toEqual(
      [
        `Day shift ${shortDate(day)} at Dudley Hub, for Cal Cedar`,
        `Day shift ${shortDate(single)} at Dudley Hub, for Cal Cedar`,
      ].sort(),
    );
    expect(bodies(m.followsAll)).toEqual([
      `2 colleagues at Dudley Hub and Coventry Hub need cover on ${shortDate(day)}`,
    ]);
    expect(coverPushes(m.followsAll)[0].payload.url).toBe(`/dashboard?coverDate=${day}`);
    expect(bodies(m.followsDudley)).toEqual([`Day shift ${shortDate(day)} at Dudley Hub, for Cal Cedar`]);
    const ids = async (p: Party) =>
      ((await p.client.get("/api/cover-alerts")).body as { swapRequestId: number }[])
        .map((a) => a.swapRequestId)
        .sort();
    expect(await ids(m.followsAll)).toEqual([calOnDay, dotOnDay].sort());
    expect(await ids(m.fit)).toEqual([calOnDay, calOnSingle].sort());
    for (const p of [m.technician, m.tired, m.otherHub, m.switchedOff, m.unverified]) expect(await ids(p)).toEqual([]);

    // Unmarked and marked again: already told about these requests, so no second push.
    expect((await m.fit.client.post("/api/availability", { date: day, status: "rest" })).status).toBeLessThan(300);
    expect((await via2(m.fit).post("/api/availability", { date: day, status: "available" })).status).toBeLessThan(300);
    await settle(everyone, 4);
  });
});

describe("the daily limit", () => {
  it("pushes COVER_ALERTS_PER_DAY a day and puts the rest in the email digest's own section", async () => {
    const eve = await clinician("Eve", { lastName: "Elm" });
    const busy = await clinician("Cap", { lastName: "Cole" });
    const days = [0, 1, 2, 3, 4].map(() => dayFromToday(nextDay++));
    for (const day of days) await offDay(t.database.db, busy.id, day);
    for (const day of days) await openRequest(eve, day);
    await settle([eve, busy], 3);
    // Sent when due; with no delay the digest may go out in more than one mail, from either instance.
    const heading = "Colleagues who need cover on days you marked free:";
    const coverMails = () => [...t.mails, ...second.mails].filter((m) => m.text.includes(heading));
    const lines = () => coverMails().flatMap((m) => m.text.split("\n").filter((l) => l.startsWith("- ")));
    await until(() => lines().length >= 2, 20_000);
    expect(lines().sort()).toEqual(
      days
        .slice(3)
        .map((d) => `- Day shift ${shortDate(d)} at Dudley Hub, for Eve Elm`)
        .sort(),
    );
    expect(coverMails()[0].text).not.toContain("This is waiting for you");
    expect(((await busy.client.get("/api/cover-alerts")).body as unknown[]).length).toBe(5);
  });
});

describe("settings", () => {
  it("default to alerts on and the own hub; choices are kept", async () => {
    const fay = await clinician("Fay", { paramedicBase: "Stoke" });
    expect((await fay.client.get("/api/notifications/settings")).body).toEqual({
      email: true,
      coverAlerts: true,
      followAllHubs: false,
      followedHubs: ["Stoke Hub"],
    });
    const res = await fay.client.request("PUT", "/api/notifications/settings", {
      coverAlerts: false,
      followedHubs: ["Warwick Hub", "Coventry Hub", "Warwick Hub"],
    });
    expect(res.body).toEqual({
      email: true,
      coverAlerts: false,
      followAllHubs: false,
      followedHubs: ["Coventry Hub", "Warwick Hub"],
    });
    expect((await fay.client.request("PUT", "/api/notifications/settings", { followedHubs: ["Nowhere"] })).status).toBe(
      400,
    );
    expect((await fay.client.request("PUT", "/api/notifications/settings", {})).status).toBe(400);
    expect((await new Client(t.baseUrl).get("/api/notifications/settings")).status).toBe(401);
    expect((await new Client(t.baseUrl).get("/api/cover-alerts")).status).toBe(401);
  });
});
