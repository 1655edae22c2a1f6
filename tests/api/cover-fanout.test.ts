import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverAlerts, coverFanouts, notificationOutbox } from "../../server/db/schema";
import { FIRST_SLICE } from "../../server/notifications/record-cover";
import type { TestApp } from "./helpers/app";
import { Client, PASSWORD } from "./helpers/client";
import { openReadySocket } from "./helpers/socket";
import { addShift, dayFromToday, offDay, type Party, party } from "./helpers/swaps";
import { startTimedApps, type TimedApps } from "./helpers/timed-apps";

// A request that alerts more colleagues than its own transaction tells: the first FIRST_SLICE at
// commit, the rest by the push workers' cover lane after it, a slice a tick, on two instances
// sharing the database (decision 044). Ten pushes a second an instance: slices of one.
const COLLEAGUES = FIRST_SLICE + 15;

let apps: TimedApps;
let t: TestApp;

beforeAll(async () => {
  apps = await startTimedApps({ env: { COVER_ALERTS_PER_DAY: "50" }, coverPerSecond: 10 });
  t = apps.t;
});
afterAll(async () => {
  await apps?.close();
});

/** `count` colleagues with a push device, each free on `day`. */
async function freeOn(day: string, tag: string, count: number): Promise<Party[]> {
  const colleagues: Party[] = [];
  for (let k = 0; k < count; k++) {
    const p = await party(t.baseUrl, { firstName: `${tag}${k}`, lastName: "Fan" });
    await apps.subscribe(p);
    await offDay(t.database.db, p.id, day);
    colleagues.push(p);
  }
  return colleagues;
}

async function openRequest(requester: Party, day: string): Promise<number> {
  const shiftId = await addShift(t.database.db, requester.id, day, { shiftType: "day" });
  // Through the second instance: the lanes of both tell the rest.
  const client = new Client(apps.second.baseUrl);
  client.cookies = requester.client.cookies;
  const res = await client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: null });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const alertsOf = async (requestId: number) =>
  (await t.database.db.select().from(coverAlerts).where(eq(coverAlerts.swapRequestId, requestId))).map((a) => a.userId);

const fanoutLeft = async (requestId: number) =>
  (await t.database.db.select().from(coverFanouts).where(eq(coverFanouts.swapRequestId, requestId))).length;

const coverPushesOf = (p: Party, requestId: number) =>
  apps.allPushesOf(p).filter((x) => x.title === "Cover needed" && x.url === `/dashboard?cover=${requestId}`);

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("a request that alerts more colleagues than one slice", () => {
  it("tells every one of them once, the rest after commit, live to an open dashboard", async () => {
    const day = dayFromToday(21);
    const amy = await party(t.baseUrl, { firstName: "Amy", lastName: "Ash" });
    const colleagues = await freeOn(day, "Col", COLLEAGUES);
    const last = colleagues[COLLEAGUES - 1];
    const socket = await openReadySocket(t.baseUrl, last.client, t.database.db, last.id);

    const id = await openRequest(amy, day);
    await apps.receiver.waitFor(() => colleagues.every((p) => coverPushesOf(p, id).length > 0), 15_000);
    await until(async () => (await fanoutLeft(id)) === 0);
    await new Promise((r) => setTimeout(r, 500));

    // Each colleague once: one alert, one push, one outbox row, whichever instance told them.
    expect((await alertsOf(id)).sort((a, b) => a - b)).toEqual(colleagues.map((p) => p.id).sort((a, b) => a - b));
    for (const p of colleagues) expect(coverPushesOf(p, id)).toHaveLength(1);
    const [{ rows }] = await t.database.db
      .select({ rows: sql<number>`count(*)::int` })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.swapRequestId, id), eq(notificationOutbox.kind, "cover_alert")));
    expect(rows).toBe(COLLEAGUES);
    // Told after commit, and still told live, so an open dashboard shows it without a reload.
    expect(await socket.nth(1)).toEqual({ type: "COVER_ALERTS_CHANGED", payload: { swapRequestId: id } });
    socket.ws.close();
    const listed = (await last.client.get("/api/cover-alerts")).body;
    expect(listed).toEqual([expect.objectContaining({ swapRequestId: id, state: "open", date: day })]);
  });

  it("tells nobody more once the request is taken", async () => {
    const day = dayFromToday(22);
    const bea = await party(t.baseUrl, { firstName: "Bea", lastName: "Birch" });
    const colleagues = await freeOn(day, "Tak", COLLEAGUES);

    const id = await openRequest(bea, day);
    const firstTold = await alertsOf(id);
    expect(firstTold.length).toBeGreaterThanOrEqual(FIRST_SLICE);
    const taker = colleagues.find((p) => p.id === firstTold[0]) as Party;
    expect((await taker.client.post(`/api/swap-requests/${id}/offer-to-cover`)).status).toBe(200);
    const toldWhenTaken = (await alertsOf(id)).length;

    await until(async () => (await fanoutLeft(id)) === 0);
    await new Promise((r) => setTimeout(r, 500));
    const told = await alertsOf(id);
    // A slice already under way when the offer committed may still land; nothing after it.
    expect(told.length).toBeLessThanOrEqual(toldWhenTaken + 2);
    expect(told.length).toBeLessThan(COLLEAGUES);
    const untold = colleagues.filter((p) => !told.includes(p.id));
    for (const p of untold) {
      expect(coverPushesOf(p, id)).toEqual([]);
      expect((await p.client.get("/api/cover-alerts")).body).toEqual([]);
    }
  });

  it("leaves out a colleague who deletes their account meanwhile, and tells the rest", async () => {
    const day = dayFromToday(23);
    const cal = await party(t.baseUrl, { firstName: "Cal", lastName: "Cedar" });
    const colleagues = await freeOn(day, "Del", COLLEAGUES);
    const id = await openRequest(cal, day);
    // Not told yet: the last colleague found comes in the last slice, over a second after commit.
    const told = await alertsOf(id);
    const gone = colleagues.filter((p) => !told.includes(p.id)).at(-1) as Party;
    expect(gone).toBeDefined();
    expect((await gone.client.request("DELETE", "/api/profile", { password: PASSWORD })).status).toBe(200);

    await until(async () => (await fanoutLeft(id)) === 0);
    const stayed = colleagues.filter((p) => p !== gone);
    expect((await alertsOf(id)).sort((a, b) => a - b)).toEqual(stayed.map((p) => p.id).sort((a, b) => a - b));
    await apps.receiver.waitFor(() => stayed.every((p) => coverPushesOf(p, id).length === 1), 10_000);
  });
});
