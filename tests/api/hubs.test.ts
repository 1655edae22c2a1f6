import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import type { ShiftType } from "../../common/enums";
import {
  HUB_PAGE_SIZE,
  HUB_SHIFT_LIMIT,
  PAGE_CURSOR_MESSAGE,
  PAGE_SIZE_MESSAGE,
  RANGE_ORDER_MESSAGE,
} from "../../common/hub-listing";
import type { Hub } from "../../common/hubs";
import { shifts, users } from "../../server/db/schema";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client, PASSWORD, signedInClient } from "./helpers/client";

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

/** Colleagues put straight into the database (they never sign in), urgent unless told otherwise. */
async function colleagues(hub: Hub, names: [first: string, last: string][], swapUrgency: "urgent" | "none" = "urgent") {
  const rows = await t.database.db
    .insert(users)
    .values(
      names.map(([firstName, lastName], i) => {
        const handle = `${hub.split(" ")[0].toLowerCase()}-${firstName}-${lastName}-${i}-${Math.random().toString(36).slice(2)}`;
        return {
          username: handle,
          email: `${handle}@nhs.net`,
          password: "not-a-password-hash",
          firstName,
          lastName,
          clinicalGrade: "paramedic" as const,
          paramedicBase: hub.replace(/ Hub$/, ""),
          hub,
          swapUrgency,
          activelySeekingSwaps: swapUrgency === "urgent",
        };
      }),
    )
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

const nextOf = (link: string | null) => /<([^>]+)>;\s*rel="next"/.exec(link ?? "")?.[1];

/** Follows a list's Link headers from its first page to its last. */
async function walk(who: Person, first: string) {
  const pages: Item[][] = [];
  const links: string[] = [];
  let path: string | undefined = first;
  while (path) {
    const res = await who.client.get(path);
    expect(res.status, res.text).toBe(200);
    pages.push(res.body as Item[]);
    path = nextOf(res.headers.get("link"));
    if (path) links.push(path);
    if (pages.length > 50) throw new Error("the list never ends");
  }
  return { pages, links };
}

async function count(who: Person, hub: string, range?: { fromDate?: string; toDate?: string }) {
  const query = new URLSearchParams(range as Record<string, string>).toString();
  const res = await who.client.get(`/api/users/hub/${encodeURIComponent(hub)}/count${query ? `?${query}` : ""}`);
  expect(res.status, res.text).toBe(200);
  return (res.body as { count: number }).count;
}

describe("GET /api/users/hub/{hub} in pages", () => {
  // Lichfield: surnames in mixed case, two identical names, and the viewer in the middle of the list.
  let lichfield: Person;
  let listed: number[];
  beforeAll(async () => {
    lichfield = await signedInClient(t.baseUrl, {
      firstName: "Vic",
      lastName: "Moss",
      paramedicBase: "Lichfield",
      swapUrgency: "urgent",
      activelySeekingSwaps: true,
    });
    const [adams, baker, cy, sam1, sam2, young, zane] = await colleagues("Lichfield Hub", [
      ["Ann", "adams"],
      ["Bea", "Baker"],
      ["Cy", "smith"],
      ["Sam", "Smith"],
      ["Sam", "Smith"],
      ["Al", "Young"],
      ["zoe", "Zane"],
    ]);
    await colleagues("Lichfield Hub", [["Not", "Urgent"]], "none");
    listed = [adams, baker, cy, sam1, sam2, young, zane];
    await offDay(baker, day(6));
    await addShift(young, day(8), "seeking_coverage");
    await offDay(zane, day(30));
  });

  it("walks the whole list by surname, first name and id, each clinician once, never the caller", async () => {
    const { pages, links } = await walk(lichfield, `${hubUrl("Lichfield Hub")}?limit=2`);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flat().map((i) => i.clinician.id)).toEqual(listed);
    expect(links.every((link) => link.startsWith("/api/users/hub/Lichfield%20Hub?") && link.includes("limit=2"))).toBe(
      true,
    );
  });

  it("lists the caller to everyone else in their place", async () => {
    const { pages } = await walk(viewer, `${hubUrl("Lichfield Hub")}?limit=3`);
    expect(pages.flat().map((i) => i.clinician.id)).toEqual([
      ...listed.slice(0, 2),
      lichfield.user.id,
      ...listed.slice(2),
    ]);
  });

  it("answers one page without a Link header when everything fits", async () => {
    const res = await lichfield.client.get(hubUrl("Lichfield Hub"));
    expect(res.status).toBe(200);
    expect(res.headers.get("link")).toBeNull();
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect((res.body as Item[]).map((i) => i.clinician.id)).toEqual(listed);
  });

  it("keeps the date range on every page it links to", async () => {
    const { pages, links } = await walk(
      lichfield,
      `${hubUrl("Lichfield Hub", { fromDate: day(5), toDate: day(30) })}&limit=1`,
    );
    expect(pages.flat().map((i) => i.clinician.id)).toEqual([listed[1], listed[5], listed[6]]);
    for (const link of links) {
      const params = new URL(link, t.baseUrl).searchParams;
      expect([params.get("fromDate"), params.get("toDate"), params.get("limit")]).toEqual([day(5), day(30), "1"]);
    }
  });

  it(`pages ${HUB_PAGE_SIZE} clinicians at a time unless asked otherwise`, async () => {
    const names = Array.from({ length: HUB_PAGE_SIZE + 3 }, (_, i): [string, string] => [`Crew${i}`, `Sandwell${i}`]);
    const ids = await colleagues("Sandwell Hub", names);
    const { pages } = await walk(viewer, hubUrl("Sandwell Hub"));
    expect(pages.map((page) => page.length)).toEqual([HUB_PAGE_SIZE, 3]);
    expect(sorted(...pages.flat().map((i) => i.clinician.id))).toEqual(sorted(...ids));
    expect(await count(viewer, "Sandwell Hub")).toBe(HUB_PAGE_SIZE + 3);
  });

  it("refuses a page size out of range and a cursor it did not make", async () => {
    for (const limit of ["0", "101", "2.5", "lots"]) {
      const res = await viewer.client.get(`${hubUrl("Lichfield Hub")}?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.body).toEqual({ message: PAGE_SIZE_MESSAGE, field: "limit" });
    }
    const forged = [
      "not-a-cursor",
      Buffer.from(JSON.stringify({ id: 1 })).toString("base64url"),
      Buffer.from(JSON.stringify(["a", "b", -1])).toString("base64url"),
      "x".repeat(501),
    ];
    for (const after of forged) {
      const res = await viewer.client.get(`${hubUrl("Lichfield Hub")}?after=${after}`);
      expect(res.status, after).toBe(400);
      expect(res.body).toEqual({ message: PAGE_CURSOR_MESSAGE, field: "after" });
    }
  });

  it("counts the whole list for the banner, without the caller", async () => {
    expect(await count(lichfield, "Lichfield Hub")).toBe(listed.length);
    expect(await count(viewer, "Lichfield Hub")).toBe(listed.length + 1);
    expect(await count(lichfield, "Lichfield Hub", { fromDate: day(5), toDate: day(30) })).toBe(3);
    expect(await count(lichfield, "Lichfield Hub", { fromDate: day(7), toDate: day(8) })).toBe(1);
    expect(await count(lichfield, "Lichfield Hub", { fromDate: day(-9), toDate: day(-1) })).toBe(0);
    expect(await count(viewer, "Stafford Hub")).toBe(0);
  });

  it("counts as many as the pages of All Hubs hold, with or without a range", async () => {
    for (const range of [undefined, { fromDate: day(0), toDate: day(60) }]) {
      const first = range ? `${hubUrl("All Hubs", range)}&limit=4` : `${hubUrl("All Hubs")}?limit=4`;
      const { pages } = await walk(viewer, first);
      const all = pages.flat().map((i) => i.clinician.id);
      expect(new Set(all).size).toBe(all.length);
      expect(all).not.toContain(viewer.user.id);
      expect(await count(viewer, "All Hubs", range)).toBe(all.length);
    }
  });

  it("refuses a count for an unknown hub, a backwards range, or a caller not signed in", async () => {
    const unknown = await viewer.client.get("/api/users/hub/Atlantis/count");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: "Please select a hub to continue", field: "hub" });
    const backwards = await viewer.client.get(`/api/users/hub/All%20Hubs/count?fromDate=${day(5)}&toDate=${day(4)}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({ message: RANGE_ORDER_MESSAGE, field: "toDate" });
    expect((await new Client(t.baseUrl).get("/api/users/hub/All%20Hubs/count")).status).toBe(401);
  });
});

describe("GET /api/users/hub/{hub} after a colleague's change", () => {
  it("drops a clinician from lists and counts as soon as they set 'none' or delete their account", async () => {
    const urgent = { paramedicBase: "Shrewsbury", swapUrgency: "urgent", activelySeekingSwaps: true };
    const a = await signedInClient(t.baseUrl, { firstName: "Ann", ...urgent });
    const b = await signedInClient(t.baseUrl, { firstName: "Ben", ...urgent });
    const c = await signedInClient(t.baseUrl, { firstName: "Cat", ...urgent });
    expect(ids(await browse(a, "Shrewsbury Hub"))).toEqual(sorted(b.user.id, c.user.id));
    expect(await count(a, "Shrewsbury Hub")).toBe(2);

    expect((await b.client.patch("/api/profile", { swapUrgency: "none", activelySeekingSwaps: false })).status).toBe(
      200,
    );
    expect(ids(await browse(a, "Shrewsbury Hub"))).toEqual([c.user.id]);
    expect(await count(a, "Shrewsbury Hub")).toBe(1);

    // The password goes along: account deletion may ask for it (it is ignored where it does not).
    expect((await c.client.request("DELETE", "/api/profile", { password: PASSWORD })).status).toBe(200);
    expect(ids(await browse(a, "Shrewsbury Hub"))).toEqual([]);
    expect(await count(a, "Shrewsbury Hub")).toBe(0);
  });
});
