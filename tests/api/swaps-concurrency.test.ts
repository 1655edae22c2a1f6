import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shifts, swapRequests } from "../../server/db/schema";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client } from "./helpers/client";
import { addShift, calendarOn, dayFromToday, offDay, type Party, party } from "./helpers/swaps";

let t: TestApp;
let db: TestApp["database"]["db"];
let A: Party;
let B: Party;
let C: Party;
let nextDay = 2;
const freshDay = () => dayFromToday(nextDay++);

/** A second, independent connection signed in as the same user (a double tap from two tabs). */
function sameUser(p: Party): Client {
  const other = new Client(t.baseUrl);
  other.cookies = new Map(p.client.cookies);
  return other;
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  A = await party(t.baseUrl, { firstName: "Ava" });
  B = await party(t.baseUrl, { firstName: "Ben" });
  C = await party(t.baseUrl, { firstName: "Cleo" });
});
afterAll(async () => t.close());

async function request(opts: { withOffer: boolean }) {
  const day = freshDay();
  const offerDay = freshDay();
  const shiftId = await addShift(db, A.id, day, { shiftType: "day" });
  await offDay(db, B.id, day);
  const offerId = await addShift(db, B.id, offerDay, { shiftType: "seeking_coverage" });
  const res = await A.client.post("/api/swap-requests", {
    requesterShiftId: shiftId,
    responderId: B.id,
    offerShiftIds: opts.withOffer ? [offerId] : [],
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.id as number, shiftId, offerId, day, offerDay };
}

/** Exactly one swap happened: the shift is B's, A has one rest day there, B nothing else that day. */
async function expectSwappedOnce(r: Awaited<ReturnType<typeof request>>, withOffer: boolean) {
  const [row] = await db.select().from(swapRequests).where(eq(swapRequests.id, r.id));
  expect([row.status, row.requesterAgreed, row.responderAgreed]).toEqual(["completed", true, true]);
  const days = [r.day, r.offerDay];
  const a = await calendarOn(db, A.id, days);
  const b = await calendarOn(db, B.id, days);
  expect(a.shifts.filter((s) => s.date === r.day).map((s) => s.type)).toEqual(["rest_day"]);
  expect(b.shifts.filter((s) => s.date === r.day)).toEqual([{ id: r.shiftId, date: r.day, type: "day" }]);
  expect(a.availability[r.day]).toBe("rest");
  expect(b.availability[r.day]).toBe("unavailable");
  if (withOffer) {
    expect(a.shifts.filter((s) => s.date === r.offerDay)).toEqual([{ id: r.offerId, date: r.offerDay, type: "day" }]);
    expect(b.shifts.filter((s) => s.date === r.offerDay).map((s) => s.type)).toEqual(["rest_day"]);
    expect(a.availability[r.offerDay]).toBe("unavailable");
    expect(b.availability[r.offerDay]).toBe("rest");
  } else {
    expect(b.shifts.filter((s) => s.date === r.offerDay).map((s) => s.type)).toEqual(["seeking_coverage"]);
    expect(a.shifts.filter((s) => s.date === r.offerDay)).toEqual([]);
  }
}

describe("both parties agreeing at the same instant", () => {
  it("completes exactly once with consistent calendars, 50 rounds", async () => {
    for (let round = 0; round < 50; round++) {
      const withOffer = round % 2 === 1;
      const r = await request({ withOffer });
      const [fromA, fromB] = await Promise.all([
        A.client.post(`/api/swap-requests/${r.id}/agree`),
        B.client.post(`/api/swap-requests/${r.id}/agree`, withOffer ? { acceptedOfferShiftId: r.offerId } : undefined),
      ]);
      expect([fromA.status, fromB.status], `round ${round}: ${fromA.text} ${fromB.text}`).toEqual([200, 200]);
      // One of the two presses recorded an agreement, the other completed the swap.
      expect([fromA.body.status, fromB.body.status].sort()).toEqual(["accepted", "completed"]);
      await expectSwappedOnce(r, withOffer);
    }
    // Fifty swaps, each with every Available Off Day around it kept up to date: 16–19 s alone, more
    // beside the rest of the suite.
  }, 60_000);

  it("a double press of the completing Agree completes once; the second press is a 409", async () => {
    for (let round = 0; round < 10; round++) {
      const r = await request({ withOffer: false });
      expect((await B.client.post(`/api/swap-requests/${r.id}/agree`)).status).toBe(200);
      const results = await Promise.all([
        A.client.post(`/api/swap-requests/${r.id}/agree`),
        sameUser(A).post(`/api/swap-requests/${r.id}/agree`),
      ]);
      expect(results.map((x) => x.status).sort()).toEqual([200, 409]);
      await expectSwappedOnce(r, false);
    }
  });

  it("two requests for the same shift completing at once: one swap, the other request is refused", async () => {
    for (let round = 0; round < 10; round++) {
      const day = freshDay();
      const shiftId = await addShift(db, A.id, day, { shiftType: "night" });
      await offDay(db, B.id, day);
      await offDay(db, C.id, day);
      const toB = await A.client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: B.id });
      const toC = await A.client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: C.id });
      expect((await B.client.post(`/api/swap-requests/${toB.body.id}/agree`)).status).toBe(200);
      expect((await C.client.post(`/api/swap-requests/${toC.body.id}/agree`)).status).toBe(200);
      const results = await Promise.all([
        A.client.post(`/api/swap-requests/${toB.body.id}/agree`),
        sameUser(A).post(`/api/swap-requests/${toC.body.id}/agree`),
      ]);
      expect(results.map((x) => x.status).sort()).toEqual([200, 409]);
      const winner = results[0].status === 200 ? B : C;
      const loser = winner === B ? C : B;
      const [moved] = await db.select().from(shifts).where(eq(shifts.id, shiftId));
      expect(moved.userId).toBe(winner.id);
      // The loser keeps their off day, and their request is cancelled.
      const loserDay = await db
        .select()
        .from(shifts)
        .where(and(eq(shifts.userId, loser.id), eq(shifts.date, day)));
      expect(loserDay.map((s) => [s.shiftType, s.restDayShiftInterest])).toEqual([["rest_day", true]]);
      const loserRequest = winner === B ? toC.body.id : toB.body.id;
      const [lr] = await db.select().from(swapRequests).where(eq(swapRequests.id, loserRequest));
      expect(lr.status).toBe("cancelled");
      const aDay = await calendarOn(db, A.id, [day]);
      expect(aDay.shifts.map((s) => s.type)).toEqual(["rest_day"]);
    }
  });
});
