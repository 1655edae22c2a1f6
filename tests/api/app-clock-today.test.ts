import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { testClock } from "./helpers/clock";
import { addShift, dayFromToday, offDay, type Party, party } from "./helpers/swaps";

// "Today" (what is past, what can still be swapped) is the app clock's day in London, as the timed
// work's is: a test that moves the clock sees every rule move with it, not only the timed passes.
let t: TestApp;
const clock = testClock();
let A: Party; // requester
let B: Party; // same grade, free on the days below

/** Midday UTC: the same date in London, summer or winter. */
const middayOf = (day: string) => new Date(`${day}T12:00:00Z`);

const PAST = "Only shifts after today can be swapped";

beforeAll(async () => {
  t = await startTestApp({ clock });
  A = await party(t.baseUrl, { firstName: "Amy", lastName: "Ash" });
  B = await party(t.baseUrl, { firstName: "Ben", lastName: "Birch" });
});
afterAll(async () => {
  await t?.close();
});

describe("today, by the app's clock", () => {
  it("a shift the clock has passed can no longer be offered, matched or asked about", async () => {
    // Five days ahead on the wall; the app's clock stands ten days ahead.
    const passed = dayFromToday(5);
    const ahead = dayFromToday(15);
    clock.set(middayOf(dayFromToday(10)));
    const passedId = await addShift(t.database.db, A.id, passed, { shiftType: "day" });
    const aheadId = await addShift(t.database.db, A.id, ahead, { shiftType: "day" });
    for (const d of [passed, ahead]) await offDay(t.database.db, B.id, d);

    const eligible = await A.client.get("/api/swap-requests/eligible-shifts");
    expect(eligible.status, eligible.text).toBe(200);
    const offered = (eligible.body as { id: number }[]).map((s) => s.id);
    expect(offered).toContain(aheadId);
    expect(offered).not.toContain(passedId);

    const matches = await A.client.get(`/api/find-matches/${passedId}`);
    expect(matches.status, matches.text).toBe(409);
    expect(matches.body.message).toBe(PAST);
    expect((await A.client.get(`/api/find-matches/${aheadId}`)).status).toBe(200);

    const refused = await A.client.post("/api/swap-requests", { requesterShiftId: passedId, responderId: B.id });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toEqual({ message: PAST, field: "requesterShiftId" });
    const made = await A.client.post("/api/swap-requests", { requesterShiftId: aheadId, responderId: B.id });
    expect(made.status, made.text).toBe(201);
  });

  it("an open request leaves colleagues' lists once the clock reaches its day", async () => {
    const day = dayFromToday(30);
    clock.set(middayOf(dayFromToday(20)));
    const shiftId = await addShift(t.database.db, A.id, day, { shiftType: "night" });
    await offDay(t.database.db, B.id, day);
    const made = await A.client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: null });
    expect(made.status, made.text).toBe(201);
    const openIds = async () => {
      const res = await B.client.get("/api/swap-requests/open");
      expect(res.status, res.text).toBe(200);
      return (res.body as { id: number }[]).map((r) => r.id);
    };
    expect(await openIds()).toContain(made.body.id);

    // The night starts at 19:00; by the morning of its day it is no longer after today.
    clock.set(new Date(`${day}T06:00:00Z`));
    expect(await openIds()).not.toContain(made.body.id);
    const cover = await B.client.post(`/api/swap-requests/${made.body.id}/offer-to-cover`, {});
    expect(cover.status, cover.text).toBe(409);
    expect(cover.body.message).toBe("This shift can no longer be swapped");
  });
});
