import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import { startTestApp, type TestApp } from "./helpers/app";
import { PASSWORD, signedInClient } from "./helpers/client";

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  off = await startTestApp({ env: { WTR_CHECKS: "off" } });
});
afterAll(async () => Promise.all([t.close(), off.close()]));

type Match = { user: { id: number }; warnings: { rule: string; party: string; message: string }[] };

/** A requester's day shift starting 11:00 on a date, and two colleagues free then: one worked the night before. */
async function scene(app: TestApp, grade: string) {
  const date = addDays(todayInLondon(), 30 + Math.floor(Math.random() * 200));
  const a = await signedInClient(app.baseUrl, { clinicalGrade: grade });
  const tired = await signedInClient(app.baseUrl, { clinicalGrade: grade });
  const rested = await signedInClient(app.baseUrl, { clinicalGrade: grade });
  const shift = await a.client.post("/api/shifts", { date, shiftType: "day", startTime: "11:00", endTime: "19:00" });
  expect(shift.status).toBe(201);
  const night = await tired.client.post("/api/shifts", {
    date: addDays(date, -1),
    shiftType: "night",
    startTime: "19:00",
    endTime: "07:00",
  });
  expect(night.status).toBe(201);
  const offDays = [];
  for (const c of [tired, rested]) {
    const r = await c.client.post("/api/shifts", { date, shiftType: "rest_day", restDayShiftInterest: true });
    expect(r.status).toBe(201);
    offDays.push(r.body.id as number);
  }
  return { a, tired, rested, shiftId: shift.body.id as number, offDays };
}

describe("GET /api/find-matches/{shiftId}", () => {
  it("warns about a colleague's daily rest and lists colleagues without warnings first", async () => {
    const s = await scene(t, "paramedic");
    const res = await s.a.client.get(`/api/find-matches/${s.shiftId}`);
    expect(res.status).toBe(200);
    const mine = (res.body as Match[]).filter((m) => [s.tired.user.id, s.rested.user.id].includes(m.user.id));
    expect(mine.map((m) => m.user.id)).toEqual([s.rested.user.id, s.tired.user.id]);
    expect(mine[0].warnings).toEqual([]);
    expect(mine[1].warnings).toHaveLength(1);
    expect(mine[1].warnings[0]).toMatchObject({ rule: "daily_rest", party: "responder" });
    expect(mine[1].warnings[0].message).toMatch(/Only 4 h rest/);
    const firstWarned = (res.body as Match[]).findIndex((m) => m.warnings.length > 0);
    expect((res.body as Match[]).slice(firstWarned).every((m) => m.warnings.length > 0)).toBe(true);
  });

  it("no longer lists a colleague who removed their off day, or deleted their account, at once", async () => {
    const s = await scene(t, "paramedic");
    const ids = async () =>
      ((await s.a.client.get(`/api/find-matches/${s.shiftId}`)).body as Match[]).map((m) => m.user.id);
    expect(await ids()).toEqual(expect.arrayContaining([s.tired.user.id, s.rested.user.id]));
    expect((await s.rested.client.delete(`/api/shifts/${s.offDays[1]}`)).status).toBe(200);
    expect(await ids()).not.toContain(s.rested.user.id);
    expect((await s.tired.client.request("DELETE", "/api/profile", { password: PASSWORD })).status).toBe(200);
    expect(await ids()).not.toContain(s.tired.user.id);
  });

  it("gives no warnings when WTR_CHECKS=off", async () => {
    const s = await scene(off, "paramedic");
    const res = await s.a.client.get(`/api/find-matches/${s.shiftId}`);
    const tired = (res.body as Match[]).find((m) => m.user.id === s.tired.user.id);
    expect(tired?.warnings).toEqual([]);
  });
});
