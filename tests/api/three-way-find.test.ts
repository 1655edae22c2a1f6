import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import type { ThreeWaySwap } from "../../common/three-way";
import { DEFAULT_WTR_LIMITS } from "../../common/working-time";
import { checkThreeWay } from "../../server/swaps/three-way-check";
import { startTestApp, type TestApp } from "./helpers/app";
import { signedInClient } from "./helpers/client";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

type Person = Awaited<ReturnType<typeof signedInClient>>;

async function person(firstName: string, base = "Dudley", grade = "paramedic"): Promise<Person> {
  return signedInClient(t.baseUrl, { firstName, lastName: "Test", paramedicBase: base, clinicalGrade: grade });
}

async function shift(p: Person, date: string, shiftType: string, times: [string, string] | null = ["07:00", "19:00"]) {
  const body = times ? { date, shiftType, startTime: times[0], endTime: times[1] } : { date, shiftType };
  const res = await p.client.post(
    "/api/shifts",
    shiftType === "rest_day" ? { ...body, restDayShiftInterest: true } : body,
  );
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

/**
 * A–B–C is the only way: Amy works day a, Ben is free that day and needs b covered three days
 * later, Cat is free then and needs c covered three days after, when Amy is free. Nobody else is
 * free on anyone's date, so no two of them could swap directly.
 */
async function scene(opts: { catBase?: string; days?: number } = {}) {
  const d = addDays(todayInLondon(), opts.days ?? 40 + Math.floor(Math.random() * 150));
  const [amy, ben, cat] = [await person("Amy"), await person("Ben"), await person("Cat", opts.catBase)];
  const a = await shift(amy, d, "day");
  const amysOffDay = await shift(amy, addDays(d, 6), "rest_day", null);
  await shift(ben, d, "rest_day", null);
  const b = await shift(ben, addDays(d, 3), "seeking_coverage");
  await shift(cat, addDays(d, 3), "rest_day", null);
  const c = await shift(cat, addDays(d, 6), "seeking_coverage", ["19:00", "07:00"]);
  return { d, amy, ben, cat, a, b, c, amysOffDay };
}

type Scene = Awaited<ReturnType<typeof scene>>;
const list = async (s: Scene, query = "") => {
  const res = await s.amy.client.get(`/api/three-way-swaps/${s.a}${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as ThreeWaySwap[];
};
const through = (swaps: ThreeWaySwap[], s: Scene) =>
  swaps.filter((w) => w.parties[1].gives.shiftId === s.b && w.parties[2].gives.shiftId === s.c);

describe("GET /api/three-way-swaps/{shiftId}", () => {
  it("lists the cycle when no pair can swap, me first, each giving and taking the right shift", async () => {
    // A day no other scene uses, so the list holds this cycle alone.
    const s = await scene({ days: 260 });
    const swaps = await list(s);
    expect(swaps).toHaveLength(1);
    const [me, b, c] = swaps[0].parties;
    expect(me.user).toEqual({
      id: s.amy.user.id,
      firstName: "Amy",
      lastName: "Test",
      clinicalGrade: "paramedic",
      hub: "Dudley Hub",
    });
    expect(me.gives).toEqual({ shiftId: s.a, date: s.d, shiftType: "day", startTime: "07:00", endTime: "19:00" });
    expect(me.takes).toEqual({
      shiftId: s.c,
      date: addDays(s.d, 6),
      shiftType: "seeking_coverage",
      startTime: "19:00",
      endTime: "07:00",
    });
    expect([b.user.id, b.gives.shiftId, b.takes.shiftId]).toEqual([s.ben.user.id, s.b, s.a]);
    expect([c.user.id, c.gives.shiftId, c.takes.shiftId]).toEqual([s.cat.user.id, s.c, s.b]);
  });

  it("lists nothing while I have no Available Off Day to work someone's shift on, and the cycle again once I do", async () => {
    const s = await scene();
    expect(through(await list(s), s)).toHaveLength(1);
    const off = await s.amy.client.patch(`/api/shifts/${s.amysOffDay}`, { restDayShiftInterest: false });
    expect(off.status, off.text).toBe(200);
    expect(await list(s)).toEqual([]);
    const on = await s.amy.client.patch(`/api/shifts/${s.amysOffDay}`, { restDayShiftInterest: true });
    expect(on.status, on.text).toBe(200);
    expect(through(await list(s), s)).toHaveLength(1);
  });

  it("does not list it when two of the three could swap directly", async () => {
    const s = await scene();
    expect(through(await list(s), s)).toHaveLength(1);
    // Amy free on Ben's date: Amy and Ben could swap (she takes b, he takes a).
    await shift(s.amy, addDays(s.d, 3), "rest_day", null);
    expect(through(await list(s), s)).toHaveLength(0);
  });

  it("does not list it when taking a shift would give someone a rest warning", async () => {
    const s = await scene();
    // Cat works the night before b: taking b at 07:00 would leave her no rest.
    await shift(s.cat, addDays(s.d, 2), "night", ["19:00", "07:00"]);
    expect(through(await list(s), s)).toHaveLength(0);
  });

  it("keeps to the hub asked for, and to all hubs without one", async () => {
    const s = await scene({ catBase: "Coventry" });
    expect(through(await list(s), s)).toHaveLength(1);
    expect(through(await list(s, "?hub=All%20Hubs"), s)).toHaveLength(1);
    expect(through(await list(s, "?hub=Coventry%20Hub"), s)).toHaveLength(0);
    expect(through(await list(s, "?hub=Dudley%20Hub"), s)).toHaveLength(0);
    const bad = await s.amy.client.get(`/api/three-way-swaps/${s.a}?hub=Nowhere`);
    expect(bad.status).toBe(400);
  });

  it("lists swaps within one hub before those crossing hubs", async () => {
    const d = addDays(todayInLondon(), 220);
    const s = await scene({ catBase: "Coventry", days: 220 });
    // A second C at Amy's and Ben's hub, free on b's day, needing cover on a later day Amy is free.
    const dora = await person("Dora");
    await shift(dora, addDays(d, 3), "rest_day", null);
    await shift(s.amy, addDays(d, 9), "rest_day", null);
    const c2 = await shift(dora, addDays(d, 9), "seeking_coverage");
    const swaps = await list(s);
    expect(swaps.map((w) => w.parties[2].gives.shiftId)).toEqual([c2, s.c]);
  });

  it("answers 404 for someone else's shift and for a shift that is not a need", async () => {
    const s = await scene();
    expect((await s.amy.client.get(`/api/three-way-swaps/${s.b}`)).status).toBe(404);
    const rest = await shift(s.amy, addDays(s.d, 1), "rest_day", null);
    const res = await s.amy.client.get(`/api/three-way-swaps/${rest}`);
    expect(res.status).toBe(404);
    expect(res.body.error ?? res.body.message).toMatch(/Shift not found/);
  });
});

describe("checkThreeWay", () => {
  const check = (s: Scene, ids: [number, number, number], userId = s.amy.user.id) =>
    checkThreeWay(t.database.db, userId, ids, { limits: DEFAULT_WTR_LIMITS, today: todayInLondon() });

  it("accepts the cycle with its parties, me first", async () => {
    const s = await scene();
    const r = await check(s, [s.a, s.b, s.c]);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.parties.map((p) => p.user.id)).toEqual([s.amy.user.id, s.ben.user.id, s.cat.user.id]);
  });

  it("gives the reason a proposal is wrong (400) or no longer holds (409)", async () => {
    const s = await scene();
    expect(await check(s, [s.b, s.a, s.c])).toEqual({
      ok: false,
      status: 400,
      message: "This shift is not one you need covered",
    });
    expect(await check(s, [s.a, s.b, s.b + 1_000_000])).toMatchObject({ status: 400, message: "Shift not found" });
    const tech = await person("Tom", "Dudley", "technician");
    const techNeed = await shift(tech, addDays(s.d, 6), "seeking_coverage");
    expect(await check(s, [s.a, s.b, techNeed])).toMatchObject({
      status: 400,
      message: "All three must have the same clinical grade",
    });
    const benAgain = await shift(s.ben, addDays(s.d, 6), "seeking_coverage");
    expect(await check(s, [s.a, s.b, benAgain])).toMatchObject({
      status: 400,
      message: "A three-way swap needs three different people",
    });
    // The wrong way round: Cat is not free on Amy's day.
    expect(await check(s, [s.a, s.c, s.b])).toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Cat Test is no longer free on \w{3} \d{1,2} \w{3}$/),
    });
  });

  it("refuses when a need is covered, a direct pair appears or a rest warning would follow", async () => {
    const s = await scene();
    await shift(s.amy, addDays(s.d, 3), "rest_day", null);
    expect(await check(s, [s.a, s.b, s.c])).toEqual({
      ok: false,
      status: 409,
      message: "Two of you could swap directly",
    });

    const w = await scene();
    await shift(w.cat, addDays(w.d, 2), "night", ["19:00", "07:00"]);
    expect(await check(w, [w.a, w.b, w.c])).toEqual({
      ok: false,
      status: 409,
      message: "This swap would give Cat Test a rest warning",
    });

    const g = await scene();
    expect((await g.ben.client.delete(`/api/shifts/${g.b}`)).status).toBe(200);
    expect(await check(g, [g.a, g.b, g.c])).toMatchObject({ status: 400, message: "Shift not found" });
  });
});
