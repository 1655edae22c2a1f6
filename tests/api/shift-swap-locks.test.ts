import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shifts, swapRequests } from "../../server/db/schema";
import { startTestApp, type TestApp } from "./helpers/app";
import { addShift, dayFromToday, offDay, type Party, party } from "./helpers/swaps";

let t: TestApp;
let db: TestApp["database"]["db"];
let A: Party;
let B: Party;
let nextDay = 2;
const freshDay = () => dayFromToday(nextDay++);

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  A = await party(t.baseUrl, { firstName: "Ava" });
  B = await party(t.baseUrl, { firstName: "Ben" });
});
afterAll(async () => t.close());

describe("shift edits while the completing Agree runs", () => {
  it("never fail with a server error and leave one consistent outcome, 30 rounds", async () => {
    for (let round = 0; round < 30; round++) {
      const day = freshDay();
      const offerDay = freshDay();
      const spareDay = freshDay();
      const shiftId = await addShift(db, A.id, day, { shiftType: "day" });
      await offDay(db, B.id, day);
      const offerId = await addShift(db, B.id, offerDay, { shiftType: "seeking_coverage" });
      const created = await A.client.post("/api/swap-requests", {
        requesterShiftId: shiftId,
        responderId: B.id,
        offerShiftIds: [offerId],
      });
      expect(created.status, created.text).toBe(201);
      const id = created.body.id as number;
      expect((await B.client.post(`/api/swap-requests/${id}/agree`, { acceptedOfferShiftId: offerId })).status).toBe(
        200,
      );

      const [agree, ...edits] = await Promise.all([
        A.client.post(`/api/swap-requests/${id}/agree`),
        A.client.patch(`/api/shifts/${shiftId}`, { notes: `round ${round}` }),
        B.client.patch(`/api/shifts/${offerId}`, { notes: `round ${round}` }),
        B.client.post("/api/shifts", { date: spareDay, shiftType: "day", startTime: "07:00", endTime: "19:00" }),
        A.client.post("/api/shifts", { date: spareDay, shiftType: "day", startTime: "07:00", endTime: "19:00" }),
      ]);
      for (const res of [agree, ...edits]) expect(res.status, res.text).toBeLessThan(500);
      // Notes may change under an open request, and the new shifts touch neither party's swap days;
      // a notes edit that lands after completion finds the shift now belongs to the other party.
      expect(agree.status, agree.text).toBe(200);
      for (const res of edits) expect([200, 201, 404], res.text).toContain(res.status);

      const [row] = await db.select().from(swapRequests).where(eq(swapRequests.id, id));
      expect([row.status, row.requesterAgreed, row.responderAgreed]).toEqual(["completed", true, true]);
      const [given] = await db.select().from(shifts).where(eq(shifts.id, shiftId));
      const [taken] = await db.select().from(shifts).where(eq(shifts.id, offerId));
      expect(given.userId).toBe(B.id);
      expect(taken.userId).toBe(A.id);
    }
  });
});
