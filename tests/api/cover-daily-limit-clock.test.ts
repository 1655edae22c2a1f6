import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationOutbox } from "../../server/db/schema";
import type { TestApp } from "./helpers/app";
import { Client } from "./helpers/client";
import { addShift, dayFromToday, offDay, type Party, party } from "./helpers/swaps";
import { startTimedApps, type TimedApps } from "./helpers/timed-apps";

// The daily limit of cover-alert pushes counts a London day by the app's clock, which these tests
// move across midnight, on two instances that share it.
let apps: TimedApps;
let t: TestApp;
let eve: Party;
let cap: Party;

beforeAll(async () => {
  apps = await startTimedApps({ env: { COVER_ALERTS_PER_DAY: "2", NOTIFY_EMAIL_DELAY_MINUTES: "0" } });
  t = apps.t;
  eve = await party(t.baseUrl, { firstName: "Eve", lastName: "Elm" });
  cap = await party(t.baseUrl, { firstName: "Cap", lastName: "Cole" });
  await apps.subscribe(cap);
});
afterAll(async () => {
  await apps?.close();
});

/** The same user, signed in, talking to the second instance. */
function onSecond(p: Party) {
  const c = new Client(apps.second.baseUrl);
  c.cookies = p.client.cookies;
  return c;
}

const coverPushes = () => apps.allPushesOf(cap).filter((p) => p.title === "Cover needed");

/** Three open requests of Eve's on days Cap marked free, the first through the second instance. */
async function threeRequests(firstDay: number) {
  for (let k = 0; k < 3; k++) {
    const day = dayFromToday(firstDay + k);
    await offDay(t.database.db, cap.id, day);
    const shiftId = await addShift(t.database.db, eve.id, day, { shiftType: "day" });
    const client = k === 0 ? onSecond(eve) : eve.client;
    const res = await client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: null });
    expect(res.status, res.text).toBe(201);
  }
}

async function settle(expected: number) {
  await apps.receiver.waitFor(() => coverPushes().length >= expected, 10_000);
  await new Promise((r) => setTimeout(r, 600));
  expect(coverPushes().length).toBe(expected);
}

const cappedRows = async () =>
  (
    await t.database.db
      .select({ id: notificationOutbox.id })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, cap.id), eq(notificationOutbox.pushState, "capped")))
  ).length;

describe("the daily limit of cover-alert pushes", () => {
  it("counts the London day of the app's clock: a new day pushes again, its own limit holds, on both paths", async () => {
    // Midday, so that neither day's requests straddle a midnight.
    const today = new Date();
    today.setUTCHours(12, 0, 0, 0);
    apps.clock.set(today);
    await threeRequests(30);
    await settle(2);
    expect(await cappedRows()).toBe(1);

    apps.clock.set(new Date(today.getTime() + 24 * 3_600_000));
    await threeRequests(40);
    await settle(4);
    expect(await cappedRows()).toBe(2);

    // A third day: marking an Available Off Day where Eve needs cover is that day's first push.
    apps.clock.set(new Date(today.getTime() + 2 * 24 * 3_600_000));
    const day = dayFromToday(50);
    const shiftId = await addShift(t.database.db, eve.id, day, { shiftType: "day" });
    const open = await eve.client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: null });
    expect(open.status, open.text).toBe(201);
    const marked = await cap.client.post("/api/availability", { date: day, status: "available" });
    expect(marked.status, marked.text).toBeLessThan(300);
    await settle(5);
    expect(await cappedRows()).toBe(2);
  });
});
