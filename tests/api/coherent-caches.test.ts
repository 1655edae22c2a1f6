import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../common/dates";
import { coherentCache } from "../../server/db/change-log";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client } from "./helpers/client";
import { addShift, dayFromToday, offDay, type Party, party } from "./helpers/swaps";

// find-matches and the swap list are kept per instance until the change log (written by triggers in
// the writing transaction) shows a change to what they were built from. Each test reads once to
// fill the cache, changes something through the other instance or behind the app's back, and
// expects the very next read to show it.

let t: TestApp;
let second: TestApp; // another instance of the app on the same database
beforeAll(async () => {
  t = await startTestApp();
  second = await startTestApp({ databaseUrl: t.database.url });
});
afterAll(async () => Promise.all([t.close(), second.close()]));

/** The same signed-in person, talking to the other instance. */
function elsewhere(p: Party): Client {
  const there = new Client(second.baseUrl);
  there.cookies = new Map(p.client.cookies);
  return there;
}

let nextDay = 30;
const freshDay = () => {
  nextDay += 20;
  return dayFromToday(nextDay);
};

type Match = { user: { id: number }; warnings: { rule: string }[] };
type Request = { id: number; responderAgreed: boolean; warnings: { rule: string; party: string }[] };

async function matchIds(p: Party, shiftId: number) {
  const res = await p.client.get(`/api/find-matches/${shiftId}`);
  expect(res.status, res.text).toBe(200);
  return (res.body as Match[]).map((m) => m.user.id);
}

/** A's day shift, and a colleague free that day. */
async function matchScene(grade = "paramedic") {
  const db = t.database.db;
  const A = await party(t.baseUrl, { clinicalGrade: grade });
  const B = await party(t.baseUrl, { clinicalGrade: grade });
  const day = freshDay();
  const shiftId = await addShift(db, A.id, day, { shiftType: "day" });
  const offId = await offDay(db, B.id, day);
  return { A, B, day, shiftId, offId };
}

describe("find-matches, cached per instance", () => {
  it("drops a colleague who removes their off day on another instance, at once", async () => {
    const s = await matchScene();
    expect(await matchIds(s.A, s.shiftId)).toContain(s.B.id);
    expect(await matchIds(s.A, s.shiftId)).toContain(s.B.id);
    expect((await elsewhere(s.B).delete(`/api/shifts/${s.offId}`)).status).toBe(200);
    expect(await matchIds(s.A, s.shiftId)).not.toContain(s.B.id);
  });

  it("lists a colleague who marks the day free on another instance, at once", async () => {
    const s = await matchScene();
    const C = await party(t.baseUrl);
    expect(await matchIds(s.A, s.shiftId)).not.toContain(C.id);
    const made = await elsewhere(C).post("/api/shifts", {
      date: s.day,
      shiftType: "rest_day",
      restDayShiftInterest: true,
    });
    expect(made.status, made.text).toBe(201);
    expect(await matchIds(s.A, s.shiftId)).toContain(C.id);
  });

  it("drops a colleague who changes grade or deletes their account, at once", async () => {
    const s = await matchScene();
    const db = t.database.db;
    const C = await party(t.baseUrl);
    await offDay(db, C.id, s.day);
    expect(await matchIds(s.A, s.shiftId)).toEqual(expect.arrayContaining([s.B.id, C.id]));
    const graded = await elsewhere(s.B).patch("/api/profile", { clinicalGrade: "technician" });
    expect(graded.status, graded.text).toBe(200);
    expect(await matchIds(s.A, s.shiftId)).not.toContain(s.B.id);
    await db.execute(sql`delete from users where id = ${C.id}`);
    expect(await matchIds(s.A, s.shiftId)).not.toContain(C.id);
  });

  it("warns at once when a colleague's calendar changes behind the app's back", async () => {
    const s = await matchScene();
    const before = (await s.A.client.get(`/api/find-matches/${s.shiftId}`)).body as Match[];
    expect(before.find((m) => m.user.id === s.B.id)?.warnings).toEqual([]);
    // A night ending at 07:00 on the day: only a few hours' rest before A's 07:00 day shift.
    await addShift(t.database.db, s.B.id, addDays(s.day, -1), {
      shiftType: "night",
      startTime: "23:00",
      endTime: "05:00",
    });
    const after = (await s.A.client.get(`/api/find-matches/${s.shiftId}`)).body as Match[];
    expect(after.find((m) => m.user.id === s.B.id)?.warnings.map((w) => w.rule)).toContain("daily_rest");
  });
});

describe("the swap list, cached per instance", () => {
  async function requestScene() {
    const s = await matchScene();
    const res = await s.A.client.post("/api/swap-requests", { requesterShiftId: s.shiftId, responderId: s.B.id });
    expect(res.status, res.text).toBe(201);
    return { ...s, requestId: (res.body as Request).id };
  }
  const mine = async (p: Party, id: number) => {
    const res = await p.client.get("/api/swap-requests");
    expect(res.status, res.text).toBe(200);
    return (res.body as Request[]).find((r) => r.id === id);
  };

  it("shows the other party's agreement made on another instance, at once", async () => {
    const s = await requestScene();
    expect((await mine(s.A, s.requestId))?.responderAgreed).toBe(false);
    expect((await mine(s.A, s.requestId))?.responderAgreed).toBe(false);
    const agreed = await elsewhere(s.B).post(`/api/swap-requests/${s.requestId}/agree`, {});
    expect(agreed.status, agreed.text).toBe(200);
    expect((await mine(s.A, s.requestId))?.responderAgreed).toBe(true);
  });

  it("shows a warning as soon as the other party's calendar makes one", async () => {
    const s = await requestScene();
    expect((await mine(s.A, s.requestId))?.warnings).toEqual([]);
    const night = await elsewhere(s.B).post("/api/shifts", {
      date: addDays(s.day, -1),
      shiftType: "night",
      startTime: "23:00",
      endTime: "05:00",
    });
    expect(night.status, night.text).toBe(201);
    const warnings = (await mine(s.A, s.requestId))?.warnings ?? [];
    expect(warnings.map((w) => [w.party, w.rule])).toContainEqual(["responder", "daily_rest"]);
  });

  it("drops a request deleted on another instance, at once", async () => {
    const s = await requestScene();
    expect(await mine(s.B, s.requestId)).toBeDefined();
    expect((await elsewhere(s.A).delete(`/api/swap-requests/${s.requestId}`)).status).toBe(204);
    expect(await mine(s.B, s.requestId)).toBeUndefined();
  });
});

describe("hub pages, kept per instance and shared by viewers", () => {
  const HUB = "Dudley Hub";
  const pageIds = async (p: Party, range = "") => {
    const res = await p.client.get(`/api/users/hub/${encodeURIComponent(HUB)}?limit=100${range}`);
    expect(res.status, res.text).toBe(200);
    return (res.body as { clinician: { id: number } }[]).map((i) => i.clinician.id);
  };

  it("drops a colleague who stops being urgent on another instance, for every viewer, at once", async () => {
    const viewer = await party(t.baseUrl);
    const other = await party(t.baseUrl);
    const urgent = await party(t.baseUrl, { swapUrgency: "urgent", activelySeekingSwaps: true });
    expect(await pageIds(viewer)).toContain(urgent.id);
    expect(await pageIds(other)).toContain(urgent.id);
    const changed = await elsewhere(urgent).patch("/api/profile", { swapUrgency: "none" });
    expect(changed.status, changed.text).toBe(200);
    expect(await pageIds(viewer)).not.toContain(urgent.id);
    expect(await pageIds(other)).not.toContain(urgent.id);
  });

  it("lists a colleague who signs up as urgent on another instance, at once", async () => {
    const viewer = await party(t.baseUrl);
    const early = await party(t.baseUrl, { swapUrgency: "urgent", activelySeekingSwaps: true });
    expect(await pageIds(viewer)).toContain(early.id);
    // Signed up through the other instance: a new account is a change to who can be listed.
    const newcomer = await party(second.baseUrl, { swapUrgency: "urgent", activelySeekingSwaps: true });
    expect(await pageIds(viewer)).toContain(newcomer.id);
  });

  it("lists a seeking colleague who offers a day in the range on another instance, at once", async () => {
    const viewer = await party(t.baseUrl);
    const seeker = await party(t.baseUrl, { swapUrgency: "none", activelySeekingSwaps: true });
    const day = freshDay();
    const range = `&fromDate=${day}&toDate=${addDays(day, 6)}`;
    // Someone already offering a day there, so the page is not empty (an empty page is not kept).
    const early = await party(t.baseUrl, { swapUrgency: "none", activelySeekingSwaps: true });
    await offDay(t.database.db, early.id, day);
    expect(await pageIds(viewer, range)).toEqual([early.id]);
    const offered = await elsewhere(seeker).post("/api/shifts", {
      date: addDays(day, 3),
      shiftType: "rest_day",
      restDayShiftInterest: true,
    });
    expect(offered.status, offered.text).toBe(201);
    expect((await pageIds(viewer, range)).sort()).toEqual([early.id, seeker.id].sort());
  });
});

describe("hub counts, kept per instance", () => {
  const HUB = "Dudley Hub"; // where the test accounts are based
  const countOf = async (p: Party, range = "") => {
    const res = await p.client.get(`/api/users/hub/${encodeURIComponent(HUB)}/count?${range}`);
    expect(res.status, res.text).toBe(200);
    return (res.body as { count: number }).count;
  };

  it("follows a colleague who stops being urgent, and one who becomes urgent, on another instance", async () => {
    const viewer = await party(t.baseUrl);
    const urgent = await party(t.baseUrl, { swapUrgency: "urgent", activelySeekingSwaps: true });
    const later = await party(t.baseUrl, { swapUrgency: "none", activelySeekingSwaps: true });
    const before = await countOf(viewer);
    expect(before).toBeGreaterThanOrEqual(1);
    expect(await countOf(viewer)).toBe(before); // kept, and still right
    expect((await elsewhere(urgent).patch("/api/profile", { swapUrgency: "none" })).status).toBe(200);
    expect(await countOf(viewer)).toBe(before - 1);
    expect((await elsewhere(later).patch("/api/profile", { swapUrgency: "urgent" })).status).toBe(200);
    expect(await countOf(viewer)).toBe(before);
  });

  it("counts a seeking colleague who offers a day in the range, and drops them when they withdraw it", async () => {
    const viewer = await party(t.baseUrl);
    const seeker = await party(t.baseUrl, { swapUrgency: "none", activelySeekingSwaps: true });
    const day = freshDay();
    const range = `fromDate=${day}&toDate=${addDays(day, 6)}`;
    const before = await countOf(viewer, range);
    const offered = await elsewhere(seeker).post("/api/shifts", {
      date: addDays(day, 3),
      shiftType: "rest_day",
      restDayShiftInterest: true,
    });
    expect(offered.status, offered.text).toBe(201);
    expect(await countOf(viewer, range)).toBe(before + 1);
    // Behind the app's back: the offer is withdrawn straight in the database.
    await t.database.db.execute(
      sql`update shifts set rest_day_shift_interest = false where id = ${(offered.body as { id: number }).id}`,
    );
    expect(await countOf(viewer, range)).toBe(before);
  });
});

describe("coherentCache", () => {
  it("serves an entry while nothing it depends on changed, and never after a change commits", async () => {
    const db = t.database.db;
    const cache = coherentCache<number>(db, 10);
    const A = await party(t.baseUrl);
    const other = await party(t.baseUrl);
    let builds = 0;
    const read = () =>
      cache.get("k", async () => {
        builds++;
        return { value: builds, deps: { userIds: [A.id] } };
      });
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    // Someone else's change leaves it be; the user's own rebuilds it.
    await addShift(db, other.id, freshDay(), { shiftType: "day" });
    expect(await read()).toBe(1);
    await addShift(db, A.id, freshDay(), { shiftType: "day" });
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
  });

  it("rebuilds an entry whose data a transaction changed while it was being built", async () => {
    const db = t.database.db;
    const cache = coherentCache<string>(db, 10);
    const A = await party(t.baseUrl);
    const writer = new pg.Client({ connectionString: t.database.url });
    await writer.connect();
    try {
      const day = freshDay();
      let builds = 0;
      const read = () =>
        cache.get("k", async () => {
          builds++;
          if (builds === 1) {
            // Commits after the entry's snapshot was taken, before it is stored.
            await writer.query(
              "insert into shifts (user_id, date, shift_type, start_time, end_time) values ($1, $2, 'day', '07:00', '19:00')",
              [A.id, day],
            );
          }
          return { value: `build ${builds}`, deps: { userIds: [A.id] } };
        });
      expect(await read()).toBe("build 1");
      expect(await read()).toBe("build 2");
      expect(await read()).toBe("build 2");
    } finally {
      await writer.end();
    }
  });

  it("is told of a change to anyone's calendar on the day it depends on", async () => {
    const db = t.database.db;
    const cache = coherentCache<number>(db, 10);
    const someone = await party(t.baseUrl);
    const day = freshDay();
    let builds = 0;
    const read = () =>
      cache.get("k", async () => ({ value: ++builds, deps: { userIds: [], days: { from: day, to: day } } }));
    expect(await read()).toBe(1);
    await addShift(db, someone.id, addDays(day, 1), { shiftType: "day" });
    expect(await read()).toBe(1);
    await addShift(db, someone.id, day, { shiftType: "day" });
    expect(await read()).toBe(2);
  });
});
