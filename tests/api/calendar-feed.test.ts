import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client, signedInClient } from "./helpers/client";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

type Api = Awaited<ReturnType<typeof signedInClient>>["client"];

async function add(client: Api, body: Record<string, unknown>) {
  const res = await client.post("/api/shifts", body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body as { id: number };
}

const pathOf = (url: string) => new URL(url).pathname;

async function feedOf(path: string) {
  const res = await new Client(t.baseUrl).get(path);
  return { res, events: Object.values(ical.sync.parseICS(res.text)).filter((c) => c?.type === "VEVENT") as VEvent[] };
}

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

describe("calendar feed", () => {
  it("needs a session to read or regenerate the URL", async () => {
    expect((await new Client(t.baseUrl).get("/api/calendar-feed/token")).status).toBe(401);
    expect((await new Client(t.baseUrl).post("/api/calendar-feed/token/regenerate")).status).toBe(401);
  });

  it("gives a stable private URL serving the user's shifts as iCalendar with London times", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const other = await signedInClient(t.baseUrl);
    const summer = await add(client, { date: "2031-07-10", shiftType: "day", startTime: "07:00", endTime: "19:00" });
    const winterNight = await add(client, {
      date: "2031-01-10",
      shiftType: "night",
      startTime: "19:00",
      endTime: "07:00",
      notes: "Bring kit",
    });
    const rest = await add(client, { date: "2031-07-12", shiftType: "rest_day", restDayShiftInterest: true });
    const leave = await add(client, { date: "2031-07-14", shiftType: "annual_leave" });
    const cover = await add(client, {
      date: "2031-07-15",
      shiftType: "seeking_coverage",
      startTime: "19:00",
      endTime: "07:00",
    });
    await add(other.client, { date: "2031-07-10", shiftType: "night", startTime: "19:00", endTime: "07:00" });

    const first = await client.get("/api/calendar-feed/token");
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/\/calendar\/[A-Za-z0-9_-]{40,}\.ics$/);
    expect((await client.get("/api/calendar-feed/token")).body.url).toBe(first.body.url);
    expect((await other.client.get("/api/calendar-feed/token")).body.url).not.toBe(first.body.url);

    const { res, events } = await feedOf(pathOf(first.body.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(res.text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/London");
    expect(res.text).toContain("DTSTART;TZID=Europe/London:20310710T070000");
    expect(res.text).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
    expect(events).toHaveLength(5);
    const byUid = new Map(events.map((e) => [e.uid, e]));

    const daySh = byUid.get(`shift-${summer.id}@crewswap`)!;
    expect(daySh.summary).toBe("Day shift");
    // 07:00 and 19:00 in British Summer Time are 06:00 and 18:00 UTC.
    expect(daySh.start.toISOString()).toBe("2031-07-10T06:00:00.000Z");
    expect(daySh.end?.toISOString()).toBe("2031-07-10T18:00:00.000Z");

    const night = byUid.get(`shift-${winterNight.id}@crewswap`)!;
    expect(night.summary).toBe("Night shift");
    expect(night.start.toISOString()).toBe("2031-01-10T19:00:00.000Z");
    expect(night.end?.toISOString()).toBe("2031-01-11T07:00:00.000Z");
    expect(night.description).toContain("Bring kit");

    const restEv = byUid.get(`shift-${rest.id}@crewswap`)!;
    expect(restEv.summary).toBe("Rest day");
    expect(restEv.datetype).toBe("date");
    expect(restEv.description).toContain("Available Off Day");
    expect(res.text).toContain("DTSTART;VALUE=DATE:20310712");
    expect(res.text).toContain("DTEND;VALUE=DATE:20310713");

    const leaveEv = byUid.get(`shift-${leave.id}@crewswap`)!;
    expect(leaveEv.summary).toBe("Annual leave");
    expect(leaveEv.datetype).toBe("date");

    const coverEv = byUid.get(`shift-${cover.id}@crewswap`)!;
    expect(coverEv.summary).toBe("Seeking coverage");
    expect(coverEv.end?.toISOString()).toBe("2031-07-16T06:00:00.000Z");
    expect(dayKey(coverEv.start)).toBe("2031-07-15");
  });

  it("keeps an event's UID when the shift changes, and drops deleted shifts", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const shift = await add(client, { date: "2031-03-03", shiftType: "day", startTime: "07:00", endTime: "19:00" });
    const gone = await add(client, { date: "2031-03-04", shiftType: "day", startTime: "07:00", endTime: "19:00" });
    const path = pathOf((await client.get("/api/calendar-feed/token")).body.url);
    await client.patch(`/api/shifts/${shift.id}`, { startTime: "08:00", endTime: "20:00" });
    await client.delete(`/api/shifts/${gone.id}`);
    const { events } = await feedOf(path);
    expect(events.map((e) => e.uid)).toEqual([`shift-${shift.id}@crewswap`]);
    expect(events[0].start.toISOString()).toBe("2031-03-03T08:00:00.000Z");
  });

  it("moves DTSTAMP and raises SEQUENCE when a shift is edited, whichever way it changes", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const shift = await add(client, { date: "2031-04-04", shiftType: "rest_day" });
    const path = pathOf((await client.get("/api/calendar-feed/token")).body.url);
    const before = (await feedOf(path)).res.text;
    expect(before).toContain("SEQUENCE:0");
    await new Promise((r) => setTimeout(r, 1100)); // DTSTAMP is written to the second
    expect((await client.patch(`/api/shifts/${shift.id}`, { notes: "Swap me" })).status).toBe(200);
    // Marking the rest day as an Available Off Day writes through the availability API.
    expect((await client.post("/api/availability", { date: "2031-04-04", status: "available" })).status).toBeLessThan(
      300,
    );
    const after = (await feedOf(path)).res.text;
    expect(after).toContain("SEQUENCE:2");
    const stamp = (text: string) => /DTSTAMP:(\d{8}T\d{6}Z)/.exec(text)?.[1];
    expect(stamp(after)).not.toBe(stamp(before));
    expect(after).toMatch(/LAST-MODIFIED:\d{8}T\d{6}Z/);
  });

  it("answers 304 to a matching ETag or Last-Modified, and 200 again after an edit or a deletion", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const kept = await add(client, { date: "2031-05-05", shiftType: "day", startTime: "07:00", endTime: "19:00" });
    const gone = await add(client, { date: "2031-05-06", shiftType: "annual_leave" });
    const path = pathOf((await client.get("/api/calendar-feed/token")).body.url);
    const reader = new Client(t.baseUrl);

    const first = await reader.get(path);
    const etag = first.headers.get("etag") as string;
    const lastModified = first.headers.get("last-modified") as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(new Date(lastModified).getTime()).toBeLessThanOrEqual(Date.now());
    const byTag = await reader.get(path, { "if-none-match": etag });
    expect(byTag.status).toBe(304);
    expect(byTag.text).toBe("");
    expect(byTag.headers.get("etag")).toBe(etag);
    expect((await reader.get(path, { "if-modified-since": lastModified })).status).toBe(304);

    await new Promise((r) => setTimeout(r, 1100)); // Last-Modified is written to the second
    await client.delete(`/api/shifts/${gone.id}`);
    const afterDelete = await reader.get(path, { "if-none-match": etag });
    expect(afterDelete.status).toBe(200);
    expect(afterDelete.text).not.toContain(`shift-${gone.id}@`);
    expect((await reader.get(path, { "if-modified-since": lastModified })).status).toBe(200);

    const tag2 = afterDelete.headers.get("etag") as string;
    await client.patch(`/api/shifts/${kept.id}`, { startTime: "08:00", endTime: "20:00" });
    expect((await reader.get(path, { "if-none-match": tag2 })).status).toBe(200);
  });

  it("regenerating gives a new URL and the old one stops working", async () => {
    const { client } = await signedInClient(t.baseUrl);
    await add(client, { date: "2031-03-03", shiftType: "rest_day" });
    const old = pathOf((await client.get("/api/calendar-feed/token")).body.url);
    const regen = await client.post("/api/calendar-feed/token/regenerate");
    expect(regen.status).toBe(200);
    const fresh = pathOf(regen.body.url);
    expect(fresh).not.toBe(old);
    expect((await client.get("/api/calendar-feed/token")).body.url).toBe(regen.body.url);
    const oldRes = await new Client(t.baseUrl).get(old);
    expect(oldRes.status).toBe(404);
    expect(oldRes.body).toEqual({ message: "Calendar feed not found" });
    const { res, events } = await feedOf(fresh);
    expect(res.status).toBe(200);
    expect(events).toHaveLength(1);
  });

  it("answers 404 for an unknown or malformed token", async () => {
    expect((await new Client(t.baseUrl).get(`/calendar/${"a".repeat(43)}.ics`)).status).toBe(404);
    expect((await new Client(t.baseUrl).get("/calendar/short.ics")).status).toBe(404);
    expect((await new Client(t.baseUrl).get(`/calendar/${"a".repeat(43)}.ics.ics`)).status).toBe(404);
  });
});
