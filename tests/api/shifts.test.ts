import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shifts, userAvailability } from "../../server/db/schema";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client, signedInClient } from "./helpers/client";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

type Api = Awaited<ReturnType<typeof signedInClient>>["client"];

const day = (date: string, extra: Record<string, unknown> = {}) => ({
  date,
  shiftType: "day",
  startTime: "07:00",
  endTime: "19:00",
  ...extra,
});

async function add(client: Api, body: Record<string, unknown>) {
  const res = await client.post("/api/shifts", body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body as { id: number; date: string; [k: string]: unknown };
}

async function indexOf(userId: number, date: string) {
  const rows = await t.database.db
    .select()
    .from(userAvailability)
    .where(and(eq(userAvailability.userId, userId), eq(userAvailability.date, date)));
  return rows.map((r) => r.status);
}

describe("signed-out callers", () => {
  it.each([
    ["GET", "/api/shifts"],
    ["POST", "/api/shifts"],
    ["PATCH", "/api/shifts/1"],
    ["DELETE", "/api/shifts/1"],
    ["DELETE", "/api/shifts/clear/month/2031/3"],
    ["DELETE", "/api/shifts/clear/year/2031"],
  ])("%s %s answers 401", async (method, path) => {
    const res = await new Client(t.baseUrl).request(method, path, method === "POST" ? day("2031-01-01") : undefined);
    expect(res.status).toBe(401);
  });
});

describe("creating and reading shifts", () => {
  it("creates a day shift and returns it in the shared shape", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const res = await client.post("/api/shifts", day("2031-05-05", { notes: "Crew 4", location: "Dudley" }));
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        "createdAt",
        "date",
        "endTime",
        "id",
        "isProtected",
        "location",
        "notes",
        "restDayShiftInterest",
        "shiftType",
        "startTime",
        "userId",
      ].sort(),
    );
    expect(res.body).toMatchObject({
      userId: user.id,
      date: "2031-05-05",
      shiftType: "day",
      startTime: "07:00",
      endTime: "19:00",
      location: "Dudley",
      notes: "Crew 4",
      isProtected: false,
      restDayShiftInterest: false,
    });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);

    const list = await client.get("/api/shifts");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([res.body]);
    const one = await client.get(`/api/shifts/${res.body.id}`);
    expect(one.body).toEqual(res.body);
  });

  it("turns a full ISO timestamp into its Europe/London day", async () => {
    const { client } = await signedInClient(t.baseUrl);
    // 23:30 UTC in summer is 00:30 the next day in London; in winter it is the same day.
    const summer = await add(client, day("2031-06-15T23:30:00.000Z"));
    const winter = await add(client, day("2031-01-15T23:30:00.000Z"));
    expect(summer.date).toBe("2031-06-16");
    expect(winter.date).toBe("2031-01-15");
  });

  it("ignores a userId in the body: a shift is always the caller's", async () => {
    const a = await signedInClient(t.baseUrl);
    const b = await signedInClient(t.baseUrl);
    const created = await add(a.client, day("2031-02-02", { userId: b.user.id }));
    expect(created.userId).toBe(a.user.id);
    expect((await b.client.get("/api/shifts")).body).toEqual([]);
  });

  it("stores rest days and leave without times, and an Available Off Day only on a rest day", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const rest = await add(client, {
      date: "2031-03-01",
      shiftType: "rest_day",
      startTime: "07:00",
      endTime: "19:00",
      restDayShiftInterest: true,
    });
    expect(rest).toMatchObject({ startTime: null, endTime: null, restDayShiftInterest: true });
    const leave = await add(client, { date: "2031-03-02", shiftType: "annual_leave", restDayShiftInterest: true });
    expect(leave).toMatchObject({ startTime: null, endTime: null, restDayShiftInterest: false });
    const night = await add(client, {
      date: "2031-03-03",
      shiftType: "night",
      startTime: "19:00",
      endTime: "07:00",
      restDayShiftInterest: true,
      isProtected: true,
    });
    expect(night).toMatchObject({
      startTime: "19:00",
      endTime: "07:00",
      restDayShiftInterest: false,
      isProtected: true,
    });
    const untimed = await add(client, { date: "2031-03-04", shiftType: "seeking_coverage" });
    expect(untimed).toMatchObject({ startTime: null, endTime: null });
  });

  it("keeps a day or night shift sent without times untimed, on create and on update", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const dayShift = await add(client, { date: "2031-03-05", shiftType: "day" });
    expect(dayShift).toMatchObject({ shiftType: "day", startTime: null, endTime: null });
    const nightShift = await add(client, { date: "2031-03-06", shiftType: "night", startTime: null, endTime: null });
    expect(nightShift).toMatchObject({ shiftType: "night", startTime: null, endTime: null });
    expect((await client.get(`/api/shifts/${dayShift.id}`)).body).toMatchObject({ startTime: null, endTime: null });
    const listed = (await client.get("/api/shifts")).body as { id: number; startTime: unknown; endTime: unknown }[];
    for (const id of [dayShift.id, nightShift.id]) {
      expect(listed.find((s) => s.id === id)).toMatchObject({ startTime: null, endTime: null });
    }

    const timed = await add(client, day("2031-03-07"));
    const cleared = await client.patch(`/api/shifts/${timed.id}`, { startTime: null, endTime: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ shiftType: "day", startTime: null, endTime: null });
    const toNight = await client.patch(`/api/shifts/${dayShift.id}`, { shiftType: "night" });
    expect(toNight.body).toMatchObject({ shiftType: "night", startTime: null, endTime: null });
  });

  it("lists shifts by date, then start time, and can filter a range", async () => {
    const { client } = await signedInClient(t.baseUrl);
    await add(client, day("2031-04-03"));
    await add(client, { date: "2031-04-01", shiftType: "night", startTime: "19:00", endTime: "07:00" });
    await add(client, { date: "2031-04-01", shiftType: "seeking_coverage", startTime: "07:00", endTime: "19:00" });
    const list = (await client.get("/api/shifts")).body as { date: string; startTime: string }[];
    expect(list.map((s) => `${s.date} ${s.startTime}`)).toEqual([
      "2031-04-01 07:00",
      "2031-04-01 19:00",
      "2031-04-03 07:00",
    ]);
    const ranged = (await client.get("/api/shifts?start=2031-04-02&end=2031-04-30")).body as { date: string }[];
    expect(ranged.map((s) => s.date)).toEqual(["2031-04-03"]);
  });

  it("lists each shift exactly as GET /api/shifts/:id answers it", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const created = [
      await add(client, day("2031-06-02", { notes: 'Crew "4" — café\nline two', location: "Dudley \\ Hub" })),
      await add(client, { date: "2031-06-01", shiftType: "rest_day", restDayShiftInterest: true }),
      await add(client, day("2031-06-01", { isProtected: true })),
      await add(client, { date: "2031-06-01", shiftType: "seeking_coverage" }),
      await add(client, { date: "2031-06-03", shiftType: "night", startTime: "19:00", endTime: "07:00" }),
    ];
    const res = await client.get("/api/shifts");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const list = res.body as { id: number }[];
    expect(list.map((s) => s.id).sort((a, b) => a - b)).toEqual(created.map((s) => s.id).sort((a, b) => a - b));
    for (const shift of list) {
      const one = await client.get(`/api/shifts/${shift.id}`);
      expect(one.status).toBe(200);
      expect(shift).toStrictEqual(one.body);
    }
    // Untimed shifts lead their day; shifts at the same time keep the order they were added in.
    expect(list.map((s) => s.id)).toEqual([created[1].id, created[3].id, created[2].id, created[0].id, created[4].id]);
  });
});

describe("bad input answers 400 with the field and changes nothing", () => {
  let client: Api;
  beforeAll(async () => {
    ({ client } = await signedInClient(t.baseUrl));
  });

  it.each([
    ["an unknown type", day("2031-01-01", { shiftType: "late" }), "shiftType"],
    ["a missing type", { date: "2031-01-01" }, "shiftType"],
    ["an impossible date", day("2031-02-30"), "date"],
    ["a date that is not a date", day("next tuesday"), "date"],
    ["a missing date", { shiftType: "day", startTime: "07:00", endTime: "19:00" }, "date"],
    ["a time off the 15-minute grid", day("2031-01-01", { startTime: "07:10" }), "startTime"],
    ["an hour past 23", day("2031-01-01", { endTime: "24:00" }), "endTime"],
    ["a 12-hour time", day("2031-01-01", { startTime: "7:00 AM" }), "startTime"],
    ["a start without an end", day("2031-01-01", { endTime: null }), "endTime"],
    ["an end without a start", day("2031-01-01", { startTime: null }), "startTime"],
    ["the same start and end", day("2031-01-01", { endTime: "07:00" }), "endTime"],
    ["a non-boolean protected flag", day("2031-01-01", { isProtected: "yes" }), "isProtected"],
    ["notes that are too long", day("2031-01-01", { notes: "x".repeat(2001) }), "notes"],
  ])("POST with %s", async (_what, body, field) => {
    const res = await client.post("/api/shifts", body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(typeof res.body.message).toBe("string");
    expect((await client.get("/api/shifts")).body).toEqual([]);
  });

  it("PATCH with a bad time or type leaves the shift as it was", async () => {
    const shift = await add(client, day("2031-01-10"));
    for (const [body, field] of [
      [{ startTime: "7pm" }, "startTime"],
      [{ shiftType: "evening" }, "shiftType"],
      [{ date: "2031-13-01" }, "date"],
      [{ endTime: null }, "endTime"],
    ] as const) {
      const res = await client.patch(`/api/shifts/${shift.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
    }
    expect((await client.get(`/api/shifts/${shift.id}`)).body).toEqual(shift);
    await client.delete(`/api/shifts/${shift.id}`);
  });

  it.each([
    ["/api/shifts/abc", "id"],
    ["/api/shifts/0", "id"],
    ["/api/shifts/99999999999", "id"],
  ])("GET %s answers 400 on the id", async (path, field) => {
    const res = await client.get(path);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it.each([
    ["/api/shifts/clear/month/2031/13", "month"],
    ["/api/shifts/clear/month/2031/0", "month"],
    ["/api/shifts/clear/month/2031/march", "month"],
    ["/api/shifts/clear/month/31/3", "year"],
    ["/api/shifts/clear/year/twenty", "year"],
    ["/api/shifts/clear/year/1800", "year"],
  ])("DELETE %s answers 400 on the %s", async (path, field) => {
    await add(client, day("2031-03-03"));
    const res = await client.delete(path);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    const list = (await client.get("/api/shifts")).body as { id: number }[];
    expect(list).toHaveLength(1);
    await client.delete(`/api/shifts/${list[0].id}`);
  });
});

describe("changing and deleting", () => {
  it("applies a partial change and keeps the other fields", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const shift = await add(client, day("2031-07-01", { notes: "first" }));
    const res = await client.patch(`/api/shifts/${shift.id}`, { notes: "second", isProtected: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...shift, notes: "second", isProtected: true });
  });

  it("clears the times when a shift becomes a rest day, and sets them when it becomes a night", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const shift = await add(client, day("2031-07-02"));
    const rest = await client.patch(`/api/shifts/${shift.id}`, { shiftType: "rest_day", restDayShiftInterest: true });
    expect(rest.body).toMatchObject({
      shiftType: "rest_day",
      startTime: null,
      endTime: null,
      restDayShiftInterest: true,
    });
    const night = await client.patch(`/api/shifts/${shift.id}`, {
      shiftType: "night",
      startTime: "19:00",
      endTime: "07:00",
    });
    expect(night.body).toMatchObject({
      shiftType: "night",
      startTime: "19:00",
      endTime: "07:00",
      restDayShiftInterest: false,
    });
  });

  it("deletes a shift; it is gone afterwards and a second delete is 404", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const shift = await add(client, day("2031-07-03"));
    const res = await client.delete(`/api/shifts/${shift.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: shift.id });
    expect((await client.get(`/api/shifts/${shift.id}`)).status).toBe(404);
    expect((await client.delete(`/api/shifts/${shift.id}`)).status).toBe(404);
    expect((await client.get("/api/shifts")).body).toEqual([]);
  });
});

describe("the same shift twice on one date", () => {
  const DUPLICATE = { message: "You already have this shift on that date" };

  it("refuses a second identical shift with 409, timed or untimed, and keeps one", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const bodies = [
      day("2031-08-01"),
      { date: "2031-08-02", shiftType: "day" },
      { date: "2031-08-03", shiftType: "rest_day", restDayShiftInterest: true },
      { date: "2031-08-04", shiftType: "seeking_coverage", startTime: "19:00", endTime: "07:00" },
    ];
    for (const body of bodies) {
      await add(client, body);
      const again = await client.post("/api/shifts", body);
      expect(again.status).toBe(409);
      expect(again.body).toEqual(DUPLICATE);
    }
    // A rest day is the same rest day whether or not it is offered; an untimed day is one with null times.
    const offered = await client.post("/api/shifts", { date: "2031-08-03", shiftType: "rest_day" });
    expect(offered.status).toBe(409);
    const untimed = await client.post("/api/shifts", { date: "2031-08-02", shiftType: "day", startTime: null });
    expect(untimed.status).toBe(409);
    const list = (await client.get("/api/shifts")).body as { date: string }[];
    expect(list.map((s) => s.date)).toEqual(["2031-08-01", "2031-08-02", "2031-08-03", "2031-08-04"]);
  });

  it("allows other times, another type or another day, and the same shift of a colleague", async () => {
    const a = await signedInClient(t.baseUrl);
    const b = await signedInClient(t.baseUrl);
    await add(a.client, day("2031-08-10"));
    for (const body of [
      day("2031-08-10", { startTime: "08:00", endTime: "20:00" }),
      { date: "2031-08-10", shiftType: "day" },
      day("2031-08-10", { shiftType: "seeking_coverage" }),
      day("2031-08-11"),
    ]) {
      expect((await a.client.post("/api/shifts", body)).status).toBe(201);
    }
    expect((await b.client.post("/api/shifts", day("2031-08-10"))).status).toBe(201);
  });

  it("refuses a change that makes a shift identical to another, and lets other edits through", async () => {
    const { client } = await signedInClient(t.baseUrl);
    await add(client, day("2031-08-20"));
    const other = await add(client, day("2031-08-21"));
    const moved = await client.patch(`/api/shifts/${other.id}`, { date: "2031-08-20" });
    expect(moved.status).toBe(409);
    expect(moved.body).toEqual(DUPLICATE);
    expect((await client.get(`/api/shifts/${other.id}`)).body.date).toBe("2031-08-21");

    const late = await add(client, day("2031-08-20", { startTime: "08:00", endTime: "20:00" }));
    const retimed = await client.patch(`/api/shifts/${late.id}`, { startTime: "07:00", endTime: "19:00" });
    expect(retimed.status).toBe(409);

    const noted = await client.patch(`/api/shifts/${other.id}`, { notes: "Crew 2" });
    expect(noted.status).toBe(200);
    const same = await client.patch(`/api/shifts/${other.id}`, { date: "2031-08-21", startTime: "07:00" });
    expect(same.status).toBe(200);
  });

  it("lets only one of two identical shifts sent at once in", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const answers = await Promise.all([1, 2, 3].map(() => client.post("/api/shifts", day("2031-08-25"))));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await client.get("/api/shifts")).body).toHaveLength(1);
  });
});

describe("ownership", () => {
  it("another user's shift is invisible and untouchable", async () => {
    const a = await signedInClient(t.baseUrl);
    const b = await signedInClient(t.baseUrl);
    const mine = await add(a.client, day("2031-08-01", { notes: "mine" }));
    await add(b.client, day("2031-08-02"));

    const theirList = (await b.client.get("/api/shifts")).body as { id: number }[];
    expect(theirList.map((s) => s.id)).not.toContain(mine.id);
    expect(theirList).toHaveLength(1);

    const get = await b.client.get(`/api/shifts/${mine.id}`);
    expect(get.status).toBe(404);
    expect(get.body).toEqual({ message: "Shift not found" });
    const patch = await b.client.patch(`/api/shifts/${mine.id}`, { notes: "hijacked" });
    expect(patch.status).toBe(404);
    expect(patch.body).toEqual({ message: "Shift not found" });
    expect((await b.client.delete(`/api/shifts/${mine.id}`)).status).toBe(404);

    expect((await a.client.get(`/api/shifts/${mine.id}`)).body).toEqual(mine);
  });
});

describe("clearing a month or a year", () => {
  it("deletes only that month's own shifts and answers the count", async () => {
    const a = await signedInClient(t.baseUrl);
    const b = await signedInClient(t.baseUrl);
    for (const d of ["2031-03-01", "2031-03-15", "2031-03-31"]) await add(a.client, day(d));
    await add(a.client, { date: "2031-03-31", shiftType: "rest_day" });
    for (const d of ["2031-02-28", "2031-04-01", "2032-03-10"]) await add(a.client, day(d));
    for (const d of ["2031-03-02", "2031-03-03"]) await add(b.client, day(d));

    const res = await a.client.delete("/api/shifts/clear/month/2031/3");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 4 });
    const left = (await a.client.get("/api/shifts")).body as { date: string }[];
    expect(left.map((s) => s.date)).toEqual(["2031-02-28", "2031-04-01", "2032-03-10"]);
    expect(((await b.client.get("/api/shifts")).body as unknown[]).length).toBe(2);
    expect(await indexOf(a.user.id, "2031-03-15")).toEqual([]);
    expect(await indexOf(b.user.id, "2031-03-02")).toEqual(["unavailable"]);

    expect((await a.client.delete("/api/shifts/clear/month/2031/3")).body).toEqual({ deletedCount: 0 });
  });

  it("clears February of a leap year up to the 29th", async () => {
    const { client } = await signedInClient(t.baseUrl);
    await add(client, day("2032-02-29"));
    await add(client, day("2032-03-01"));
    expect((await client.delete("/api/shifts/clear/month/2032/02")).body).toEqual({ deletedCount: 1 });
  });

  it("deletes only that year's own shifts", async () => {
    const a = await signedInClient(t.baseUrl);
    const b = await signedInClient(t.baseUrl);
    for (const d of ["2031-01-01", "2031-06-30", "2031-12-31"]) await add(a.client, day(d));
    for (const d of ["2030-12-31", "2032-01-01"]) await add(a.client, day(d));
    await add(b.client, day("2031-05-05"));

    expect((await a.client.delete("/api/shifts/clear/year/2031")).body).toEqual({ deletedCount: 3 });
    const left = (await a.client.get("/api/shifts")).body as { date: string }[];
    expect(left.map((s) => s.date)).toEqual(["2030-12-31", "2032-01-01"]);
    expect(((await b.client.get("/api/shifts")).body as unknown[]).length).toBe(1);
  });
});

describe("the availability index follows every shift change", () => {
  it("create, change type, move, and delete keep user_availability in step", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const off = await add(client, { date: "2031-09-05", shiftType: "rest_day", restDayShiftInterest: true });
    expect(await indexOf(user.id, "2031-09-05")).toEqual(["available"]);

    await client.patch(`/api/shifts/${off.id}`, { restDayShiftInterest: false });
    expect(await indexOf(user.id, "2031-09-05")).toEqual(["rest"]);

    await client.patch(`/api/shifts/${off.id}`, { shiftType: "day", startTime: "07:00", endTime: "19:00" });
    expect(await indexOf(user.id, "2031-09-05")).toEqual(["unavailable"]);

    await client.patch(`/api/shifts/${off.id}`, { date: "2031-09-06" });
    expect(await indexOf(user.id, "2031-09-05")).toEqual([]);
    expect(await indexOf(user.id, "2031-09-06")).toEqual(["unavailable"]);

    await client.delete(`/api/shifts/${off.id}`);
    expect(await indexOf(user.id, "2031-09-06")).toEqual([]);
  });

  it("a working shift beside a rest day makes the day unavailable until it goes", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    await add(client, { date: "2031-09-10", shiftType: "rest_day", restDayShiftInterest: true });
    const cover = await add(client, { date: "2031-09-10", shiftType: "seeking_coverage" });
    expect(await indexOf(user.id, "2031-09-10")).toEqual(["unavailable"]);
    await client.delete(`/api/shifts/${cover.id}`);
    expect(await indexOf(user.id, "2031-09-10")).toEqual(["available"]);
    const rows = await t.database.db.select().from(shifts).where(eq(shifts.userId, user.id));
    expect(rows).toHaveLength(1);
  });
});
