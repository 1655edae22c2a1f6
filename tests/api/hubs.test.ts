import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import type { ShiftType } from "../../common/enums";
import { HUB_SHIFT_LIMIT } from "../../common/hub-listing";
import { shifts } from "../../server/db/schema";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client, signedInClient } from "./helpers/client";

let t: TestApp;
const today = todayInLondon();
const day = (n: number) => addDays(today, n);

type Person = { client: Client; user: { id: number; email: string; firstName: string } };
let viewer: Person; // Dudley, urgent, no shifts
let ann: Person; // Dudley, urgent: off days, a plain rest day, a coverage shift, a day shift, a past off day
let ben: Person; // Dudley, not urgent but actively seeking: one off day and one coverage shift
let cat: Person; // Dudley, not seeking at all, with an off day
let dev: Person; // Worcester base, so Coventry Hub; urgent with a coverage shift
let eve: Person; // Dudley, not available, with an off day
let fay: Person; // Stoke Hub, urgent, more off days than a list holds; her shifts go through /api/shifts

async function addShift(
  userId: number,
  date: string,
  shiftType: ShiftType,
  extra: Partial<typeof shifts.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(shifts)
    .values({ userId, date, shiftType, ...extra })
    .returning();
  return row;
}
const offDay = (userId: number, date: string) => addShift(userId, date, "rest_day", { restDayShiftInterest: true });

const hubUrl = (hub: string, range?: { fromDate?: string; toDate?: string }) => {
  const query = new URLSearchParams(range as Record<string, string>).toString();
  return `/api/users/hub/${encodeURIComponent(hub)}${query ? `?${query}` : ""}`;
};

type Item = {
  clinician: Record<string, unknown> & { id: number };
  restDays: { date: string; shiftType: string }[];
  seekingCoverageShifts: { date: string; startTime: string | null; endTime: string | null }[];
};

async function browse(who: Person, hub: string, range?: { fromDate?: string; toDate?: string }) {
  const res = await who.client.get(hubUrl(hub, range));
  expect(res.status, res.text).toBe(200);
  return res.body as Item[];
}
const ids = (items: Item[]) => items.map((i) => i.clinician.id).sort((a, b) => a - b);
const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);

beforeAll(async () => {
  t = await startTestApp();
  viewer = await signedInClient(t.baseUrl, { firstName: "Vera", swapUrgency: "urgent", activelySeekingSwaps: true });
  ann = await signedInClient(t.baseUrl, { firstName: "Ann", swapUrgency: "urgent", activelySeekingSwaps: true });
  ben = await signedInClient(t.baseUrl, { firstName: "Ben", swapUrgency: "none", activelySeekingSwaps: true });
  cat = await signedInClient(t.baseUrl, { firstName: "Cat", swapUrgency: "none", activelySeekingSwaps: false });
  dev = await signedInClient(t.baseUrl, {
    firstName: "Dev",
    paramedicBase: "Worcester",
    swapUrgency: "urgent",
    activelySeekingSwaps: true,
  });
  eve = await signedInClient(t.baseUrl, {
    firstName: "Eve",
    swapUrgency: "not_available",
    activelySeekingSwaps: false,
  });

  await offDay(ann.user.id, day(10));
  await offDay(ann.user.id, day(0));
  await offDay(ann.user.id, day(-1));
  await addShift(ann.user.id, day(5), "rest_day");
  await addShift(ann.user.id, day(3), "seeking_coverage", { startTime: "07:00", endTime: "19:00" });
  await addShift(ann.user.id, day(-2), "seeking_coverage", { startTime: "07:00", endTime: "19:00" });
  await addShift(ann.user.id, day(4), "day", { startTime: "07:00", endTime: "19:00" });
  await offDay(ben.user.id, day(20));
  await addShift(ben.user.id, day(12), "seeking_coverage");
  await offDay(cat.user.id, day(20));
  await addShift(dev.user.id, day(7), "seeking_coverage", { startTime: "19:00", endTime: "07:00" });
  await offDay(eve.user.id, day(15));

  fay = await signedInClient(t.baseUrl, {
    firstName: "Fay",
    paramedicBase: "Stoke",
    swapUrgency: "urgent",
    activelySeekingSwaps: true,
  });
  for (let n = HUB_SHIFT_LIMIT + 2; n >= 1; n--) await offDay(fay.user.id, day(40 + n));
});
afterAll(async () => t.close());

describe("GET /api/users/hub/{hub} without a range", () => {
  it("lists only urgent clinicians of the hub, never the caller", async () => {
    expect(ids(await browse(viewer, "Dudley Hub"))).toEqual([ann.user.id]);
    expect(ids(await browse(ann, "Dudley Hub"))).toEqual([viewer.user.id]);
    expect(ids(await browse(cat, "Dudley Hub"))).toEqual(sorted(viewer.user.id, ann.user.id));
  });

  it("lists urgent clinicians of every hub for All Hubs", async () => {
    expect(ids(await browse(viewer, "All Hubs"))).toEqual(sorted(ann.user.id, dev.user.id, fay.user.id));
    expect(ids(await browse(dev, "All Hubs"))).toEqual(sorted(viewer.user.id, ann.user.id, fay.user.id));
  });

  it("places a clinician in the hub derived from their base", async () => {
    expect(ids(await browse(viewer, "Coventry Hub"))).toEqual([dev.user.id]);
    expect(await browse(viewer, "Stafford Hub")).toEqual([]);
  });

  it("gives future Available Off Days and Seeking Coverage shifts only, in date order", async () => {
    const [item] = await browse(viewer, "Dudley Hub");
    expect(item.restDays.map((s) => s.date)).toEqual([day(0), day(10)]);
    expect(item.restDays.every((s) => s.shiftType === "rest_day")).toBe(true);
    expect(item.seekingCoverageShifts.map((s) => [s.date, s.startTime, s.endTime])).toEqual([
      [day(3), "07:00", "19:00"],
    ]);
  });

  it("answers an urgent clinician with nothing on offer with empty lists", async () => {
    const [item] = await browse(ann, "Dudley Hub");
    expect(item.clinician.id).toBe(viewer.user.id);
    expect(item.restDays).toEqual([]);
    expect(item.seekingCoverageShifts).toEqual([]);
  });
});

describe("the shifts of an item", () => {
  it("are the soonest HUB_SHIFT_LIMIT of each kind", async () => {
    const [item] = await browse(viewer, "Stoke Hub");
    expect(item.clinician.id).toBe(fay.user.id);
    const soonest = Array.from({ length: HUB_SHIFT_LIMIT }, (_, i) => day(41 + i));
    expect(item.restDays.map((s) => s.date)).toEqual(soonest);
    const later = await browse(viewer, "Stoke Hub", { fromDate: day(41 + HUB_SHIFT_LIMIT), toDate: day(90) });
    expect(later[0].restDays.map((s) => s.date)).toEqual([day(41 + HUB_SHIFT_LIMIT), day(42 + HUB_SHIFT_LIMIT)]);
  });

  it("look as the schedule API answers them, without the owner's notes and location", async () => {
    const created = await fay.client.post("/api/shifts", {
      date: `${day(8)}T12:00:00.000Z`,
      shiftType: "seeking_coverage",
      startTime: "19:00",
      endTime: "07:00",
      location: "Station 4 locker room",
      notes: "Covering for a course",
      restDayShiftInterest: false,
    });
    expect(created.status, created.text).toBe(201);
    const [item] = await browse(viewer, "Stoke Hub", { fromDate: day(8), toDate: day(8) });
    expect(item.seekingCoverageShifts).toEqual([{ ...created.body, notes: null, location: null }]);
    expect(JSON.stringify(item)).not.toContain("Covering for a course");
    expect(item.restDays).toEqual([]);
  });
});

describe("GET /api/users/hub/{hub} with a range", () => {
  it("lists urgent or actively seeking clinicians with an offer inside the inclusive range", async () => {
    const items = await browse(viewer, "Dudley Hub", { fromDate: day(10), toDate: day(20) });
    expect(ids(items)).toEqual(sorted(ann.user.id, ben.user.id));
    const annItem = items.find((i) => i.clinician.id === ann.user.id)!;
    expect(annItem.restDays.map((s) => s.date)).toEqual([day(10)]);
    expect(annItem.seekingCoverageShifts).toEqual([]);
    const benItem = items.find((i) => i.clinician.id === ben.user.id)!;
    expect(benItem.restDays.map((s) => s.date)).toEqual([day(20)]);
    expect(benItem.seekingCoverageShifts.map((s) => s.date)).toEqual([day(12)]);
  });

  it("counts both edges of the range", async () => {
    expect(ids(await browse(viewer, "Dudley Hub", { fromDate: day(20), toDate: day(20) }))).toEqual([ben.user.id]);
    expect(ids(await browse(viewer, "Dudley Hub", { fromDate: day(10), toDate: day(10) }))).toEqual([ann.user.id]);
    expect(await browse(viewer, "Dudley Hub", { fromDate: day(13), toDate: day(19) })).toEqual([]);
    expect(await browse(viewer, "Dudley Hub", { fromDate: day(21), toDate: day(60) })).toEqual([]);
  });

  it("ignores plain rest days, working days, and urgent clinicians with nothing in range", async () => {
    expect(await browse(ben, "Dudley Hub", { fromDate: day(4), toDate: day(5) })).toEqual([]);
  });

  it("never lists a clinician who is not seeking swaps, whatever they have in range", async () => {
    const items = await browse(viewer, "Dudley Hub", { fromDate: day(15), toDate: day(20) });
    expect(ids(items)).toEqual([ben.user.id]);
    expect(ids(items)).not.toContain(cat.user.id);
    expect(ids(items)).not.toContain(eve.user.id);
  });

  it("drops past days of a range that starts before today", async () => {
    const items = await browse(viewer, "Dudley Hub", { fromDate: day(-5), toDate: day(3) });
    expect(ids(items)).toEqual([ann.user.id]);
    expect(items[0].restDays.map((s) => s.date)).toEqual([day(0)]);
    expect(items[0].seekingCoverageShifts.map((s) => s.date)).toEqual([day(3)]);
    expect(await browse(viewer, "Dudley Hub", { fromDate: day(-5), toDate: day(-1) })).toEqual([]);
  });

  it("accepts ISO timestamps, read as their London day", async () => {
    const noon = (n: number) => `${day(n)}T12:00:00.000Z`;
    expect(ids(await browse(viewer, "Dudley Hub", { fromDate: noon(10), toDate: noon(10) }))).toEqual([ann.user.id]);
    expect(await browse(viewer, "Dudley Hub", { fromDate: noon(11), toDate: noon(11) })).toEqual([]);
  });

  it("excludes the caller even when they match", async () => {
    const items = await browse(ann, "Dudley Hub", { fromDate: day(0), toDate: day(30) });
    expect(ids(items)).toEqual([ben.user.id]);
  });

  it("refuses a range that ends before it starts, and a date that is not a date", async () => {
    const backwards = await viewer.client.get(hubUrl("Dudley Hub", { fromDate: day(5), toDate: day(4) }));
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({ message: "The end date must be on or after the start date", field: "toDate" });
    const bad = await viewer.client.get(hubUrl("Dudley Hub", { fromDate: "2025-02-30", toDate: day(4) }));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: "Please enter a valid date", field: "fromDate" });
  });
});

describe("GET /api/users/hub/{hub} access and privacy", () => {
  it("refuses an unknown hub with 400 on field hub", async () => {
    for (const hub of ["Worcester Hub", "dudley hub", "Atlantis"]) {
      const res = await viewer.client.get(hubUrl(hub));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: "Please select a hub to continue", field: "hub" });
    }
  });

  it("needs a signed-in user", async () => {
    const res = await new Client(t.baseUrl).get(hubUrl("All Hubs"));
    expect(res.status).toBe(401);
  });

  it("shows colleagues without email, phone, username or password", async () => {
    const res = await viewer.client.get(hubUrl("All Hubs", { fromDate: day(0), toDate: day(30) }));
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const item of res.body as Item[]) {
      expect(Object.keys(item).sort()).toEqual(["clinician", "restDays", "seekingCoverageShifts"]);
      expect(Object.keys(item.clinician).sort()).toEqual([
        "activelySeekingSwaps",
        "clinicalGrade",
        "firstName",
        "hub",
        "id",
        "lastName",
        "paramedicBase",
        "swapUrgency",
      ]);
      for (const shift of [...item.restDays, ...item.seekingCoverageShifts]) {
        expect(Object.keys(shift).sort()).toEqual([
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
        ]);
      }
    }
    for (const p of [ann, ben, dev]) expect(res.text).not.toContain(p.user.email);
    expect(res.text).not.toMatch(/password|phoneNumber|username|argon2/i);
  });
});

describe("GET /api/users/hub/{hub} with the listing cache on", () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await startTestApp({ env: { HUB_CACHE_MS: "60000" } });
  });
  afterAll(async () => cached.close());

  it("answers other viewers from the cached list, each without themselves, and lags new colleagues", async () => {
    const urgent = { swapUrgency: "urgent", activelySeekingSwaps: true };
    const a = await signedInClient(cached.baseUrl, { firstName: "Ann", ...urgent });
    const b = await signedInClient(cached.baseUrl, { firstName: "Ben", ...urgent });
    expect(ids(await browse(a, "Dudley Hub"))).toEqual([b.user.id]);

    // Joins after the list was cached: nobody sees her until it expires.
    const late = await signedInClient(cached.baseUrl, { firstName: "Cat", ...urgent });
    expect(ids(await browse(b, "Dudley Hub"))).toEqual([a.user.id]);
    expect(ids(await browse(late, "Dudley Hub"))).toEqual(sorted(a.user.id, b.user.id));
    expect(ids(await browse(a, "Dudley Hub"))).toEqual([b.user.id]);
  });
});
