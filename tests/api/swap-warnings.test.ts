import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../common/dates";
import { UNACKNOWLEDGED_WARNINGS_MESSAGE } from "../../common/swap-rules";
import { startTestApp, type TestApp } from "./helpers/app";
import { addShift, dayFromToday, offDay, type Party, party } from "./helpers/swaps";

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  off = await startTestApp({ env: { WTR_CHECKS: "off" } });
});
afterAll(async () => Promise.all([t.close(), off.close()]));

type Warning = { rule: string; party: string; message: string; dates: string[] };
type Request = { id: number; status: string; warnings: Warning[] };

// Scenarios use days of their own, far enough apart that one's shifts never touch another's rest.
let nextDay = 20;
const freshDay = () => {
  nextDay += 20;
  return dayFromToday(nextDay);
};

const night = { shiftType: "night" as const, startTime: "19:00", endTime: "07:00" };
const lateDay = { shiftType: "day" as const, startTime: "11:00", endTime: "19:00" };

/** A asks B for A's 11:00 day shift on B's off day; B worked the night before, so only 4 h rest. */
async function tiredResponder(app: TestApp) {
  const db = app.database.db;
  const A = await party(app.baseUrl);
  const B = await party(app.baseUrl);
  const day = freshDay();
  const shiftId = await addShift(db, A.id, day, lateDay);
  await addShift(db, B.id, addDays(day, -1), night);
  await offDay(db, B.id, day);
  const res = await A.client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: B.id });
  expect(res.status, res.text).toBe(201);
  return { A, B, day, request: res.body as Request };
}

const rulesOf = (r: Request) => r.warnings.map((w) => `${w.party}:${w.rule}`);

describe("rest warnings on swap requests", () => {
  it("warns the responder whose rest the shift breaks, on every answer, and agreeing needs the acknowledgement", async () => {
    const { A, B, day, request } = await tiredResponder(t);
    expect(rulesOf(request)).toEqual(["responder:daily_rest"]);
    expect(request.warnings[0].message).toMatch(/^Only 4 h rest between your night shift ending/);
    expect(request.warnings[0].dates).toEqual([addDays(day, -1), day]);

    for (const who of [A, B]) {
      const detail = await who.client.get(`/api/swap-requests/${request.id}`);
      expect(rulesOf(detail.body)).toEqual(["responder:daily_rest"]);
      const list = await who.client.get("/api/swap-requests");
      expect(rulesOf((list.body as Request[]).find((r) => r.id === request.id) as Request)).toEqual([
        "responder:daily_rest",
      ]);
    }

    const refused = await B.client.post(`/api/swap-requests/${request.id}/agree`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(UNACKNOWLEDGED_WARNINGS_MESSAGE);
    expect(refused.body.warnings).toEqual(request.warnings);
    const unchanged = await B.client.get(`/api/swap-requests/${request.id}`);
    expect(unchanged.body).toMatchObject({ status: "pending", responderAgreed: false });

    const agreed = await B.client.post(`/api/swap-requests/${request.id}/agree`, { acknowledgeWarnings: true });
    expect(agreed.status, agreed.text).toBe(200);
    expect(agreed.body).toMatchObject({ status: "accepted", responderAgreed: true });
    expect(rulesOf(agreed.body)).toEqual(["responder:daily_rest"]);

    // The requester's side has nothing to acknowledge: a bodiless agreement completes the swap.
    const done = await A.client.post(`/api/swap-requests/${request.id}/agree`);
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).toBe("completed");
    expect(done.body.warnings).toEqual([]);
  });

  it("warns both parties when the chosen return shift breaks the requester's rest too", async () => {
    const db = t.database.db;
    const A = await party(t.baseUrl);
    const B = await party(t.baseUrl);
    const day = freshDay();
    const offerDay = addDays(day, 7);
    const shiftId = await addShift(db, A.id, day, lateDay);
    await addShift(db, B.id, addDays(day, -1), night);
    await offDay(db, B.id, day);
    await addShift(db, A.id, addDays(offerDay, -1), night);
    const offerId = await addShift(db, B.id, offerDay, { shiftType: "seeking_coverage", ...timesOf(lateDay) });
    const created = await A.client.post("/api/swap-requests", {
      requesterShiftId: shiftId,
      responderId: B.id,
      offerShiftIds: [offerId],
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;
    // No return shift chosen yet: the requester is shown what covering the offered one would do.
    expect(rulesOf(created.body)).toEqual(["requester:daily_rest", "responder:daily_rest"]);

    const chose = await B.client.post(`/api/swap-requests/${id}/agree`, {
      acceptedOfferShiftId: offerId,
      acknowledgeWarnings: true,
    });
    expect(chose.status, chose.text).toBe(200);
    expect(rulesOf(chose.body).sort()).toEqual(["requester:daily_rest", "responder:daily_rest"]);
    const requesterWarning = chose.body.warnings.find((w: Warning) => w.party === "requester");
    expect(requesterWarning.dates).toEqual([addDays(offerDay, -1), offerDay]);

    const refused = await A.client.post(`/api/swap-requests/${id}/agree`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.warnings.map((w: Warning) => w.party)).toEqual(["requester"]);
    const done = await A.client.post(`/api/swap-requests/${id}/agree`, { acknowledgeWarnings: true });
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).toBe("completed");
  });

  it("makes the requester who agrees before a return shift is chosen acknowledge what each offered one would do", async () => {
    const db = t.database.db;
    const A = await party(t.baseUrl);
    const B = await party(t.baseUrl);
    const day = freshDay();
    const tiring = addDays(day, 5);
    const restful = addDays(day, 10);
    const shiftId = await addShift(db, A.id, day, lateDay);
    await offDay(db, B.id, day);
    await addShift(db, A.id, addDays(tiring, -1), night);
    const tiringId = await addShift(db, B.id, tiring, { shiftType: "seeking_coverage", ...timesOf(lateDay) });
    const restfulId = await addShift(db, B.id, restful, { shiftType: "seeking_coverage", ...timesOf(lateDay) });
    const created = await A.client.post("/api/swap-requests", {
      requesterShiftId: shiftId,
      responderId: B.id,
      offerShiftIds: [restfulId, tiringId],
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;
    expect(rulesOf(created.body)).toEqual(["requester:daily_rest"]);
    expect(created.body.warnings[0].dates).toEqual([addDays(tiring, -1), tiring]);

    const refused = await A.client.post(`/api/swap-requests/${id}/agree`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.warnings).toEqual(created.body.warnings);
    const agreed = await A.client.post(`/api/swap-requests/${id}/agree`, { acknowledgeWarnings: true });
    expect(agreed.status, agreed.text).toBe(200);

    // B picks the tiring one; A acknowledged it when agreeing, B's side has nothing: the swap completes.
    const done = await B.client.post(`/api/swap-requests/${id}/agree`, { acceptedOfferShiftId: tiringId });
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).toBe("completed");
  });

  it("gives no warning for a swap that fixes a breach", async () => {
    const db = t.database.db;
    const A = await party(t.baseUrl);
    const B = await party(t.baseUrl);
    const day = freshDay();
    // A's own roster already breaks daily rest; giving the day shift away ends that.
    await addShift(db, A.id, addDays(day, -1), night);
    const shiftId = await addShift(db, A.id, day, lateDay);
    await offDay(db, B.id, day);
    const res = await A.client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: B.id });
    expect(res.status, res.text).toBe(201);
    expect(res.body.warnings).toEqual([]);
    expect((await B.client.post(`/api/swap-requests/${res.body.id}/agree`)).status).toBe(200);
    const done = await A.client.post(`/api/swap-requests/${res.body.id}/agree`);
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).toBe("completed");
  });

  it("has no warnings and needs no acknowledgement when WTR_CHECKS=off", async () => {
    const { A, B, request } = await tiredResponder(off);
    expect(request.warnings).toEqual([]);
    const list = await B.client.get("/api/swap-requests");
    expect((list.body as Request[]).find((r) => r.id === request.id)?.warnings).toEqual([]);
    expect((await B.client.post(`/api/swap-requests/${request.id}/agree`)).status).toBe(200);
    expect((await A.client.post(`/api/swap-requests/${request.id}/agree`)).body.status).toBe("completed");
    // The calendar's own-roster marks follow the same switch and limits.
    expect((await A.client.get("/api/meta")).body.workingTime).toBeNull();
    const meta = await (await party(t.baseUrl)).client.get("/api/meta");
    expect(meta.body.workingTime).toEqual({
      dailyRestHours: 11,
      weeklyRestHours: 24,
      averageWeekHours: 48,
      referenceWeeks: 17,
      nightHoursPer24: 8,
    });
  });

  it("re-checks at agreement: a night added after the request was read needs the acknowledgement", async () => {
    const db = t.database.db;
    const A = await party(t.baseUrl);
    const B: Party = await party(t.baseUrl);
    const day = freshDay();
    const shiftId = await addShift(db, A.id, day, lateDay);
    await offDay(db, B.id, day);
    const res = await A.client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: B.id });
    expect(res.body.warnings).toEqual([]);
    await addShift(db, B.id, addDays(day, -1), night);
    const refused = await B.client.post(`/api/swap-requests/${res.body.id}/agree`);
    expect(refused.status).toBe(409);
    expect(refused.body.warnings).toHaveLength(1);
  });
});

function timesOf(s: { startTime: string; endTime: string }) {
  return { startTime: s.startTime, endTime: s.endTime };
}
