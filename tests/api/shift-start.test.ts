import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { londonOffset } from "../../common/dates";
import { shifts } from "../../server/db/schema";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client } from "./helpers/client";
import { testClock } from "./helpers/clock";
import { addShift, dayFromToday, offDay, type Party, party } from "./helpers/swaps";
import { startTimedApps, type TimedApps } from "./helpers/timed-apps";

// Requests close when their shift starts (DESIGN §5.22), by the app's clock, which these tests move.
let apps: TimedApps;
let t: TestApp;
let second: TestApp;
let clock: TimedApps["clock"];
let receiver: TimedApps["receiver"];
let A: Party; // requester
let B: Party; // responder
let C: Party; // same grade, alerted to open requests
let nextDay = 20;

const CLOSED_NOTE = "This request closed when the shift started.";

/** The instant a London wall-clock time on a day happens. */
function londonInstant(day: string, time: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  return new Date(wall - londonOffset(wall) * 60_000);
}

const MINUTE = 60_000;

beforeAll(async () => {
  apps = await startTimedApps();
  ({ t, second, clock, receiver } = apps);
  A = await party(t.baseUrl, { firstName: "Amy", lastName: "Ash" });
  B = await party(t.baseUrl, { firstName: "Ben", lastName: "Birch" });
  C = await party(t.baseUrl, { firstName: "Cal", lastName: "Cedar" });
  for (const p of [A, B, C]) await apps.subscribe(p);
});
afterAll(async () => {
  await apps?.close();
});

const pushesOf = (p: Party, requestId: number) => apps.pushesOf(p, requestId);

async function request(from: Party, to: Party | null, day: string, shift: Parameters<typeof addShift>[3], app = t) {
  const shiftId = await addShift(app.database.db, from.id, day, shift);
  if (to) await offDay(app.database.db, to.id, day);
  const res = await from.client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: to?.id ?? null });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

/** Amy asks Ben for her day shift, offering his seeking-coverage day shift the day before in return. */
async function requestWithOffer() {
  const offerDay = dayFromToday(nextDay++);
  const day = dayFromToday(nextDay++);
  const offerId = await addShift(t.database.db, B.id, offerDay, { shiftType: "seeking_coverage" });
  await offDay(t.database.db, B.id, day);
  const shiftId = await addShift(t.database.db, A.id, day, { shiftType: "day" });
  const res = await A.client.post("/api/swap-requests", {
    requesterShiftId: shiftId,
    responderId: B.id,
    offerShiftIds: [offerId],
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.id as number, offerId, offerDay };
}

async function statusOf(p: Party, id: number) {
  const res = await p.client.get(`/api/swap-requests/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.status;
}

/** Polls (the background pass runs every 50 ms) until the request has the status. */
async function waitForStatus(p: Party, id: number, status: string) {
  for (let i = 0; i < 200 && (await statusOf(p, id)) !== status; i++) await new Promise((r) => setTimeout(r, 50));
  expect(await statusOf(p, id)).toBe(status);
}

const notesOf = async (p: Party, id: number) =>
  ((await p.client.get(`/api/messages/${id}`)).body as { content: string }[]).map((m) => m.content);

/** Waits until the request's pushes number `expected` in all, then a little longer so a duplicate would show. */
const settle = (id: number, expected: number) => apps.settle([A, B, C], id, expected);

describe("a request still open when its shift starts is closed", () => {
  it("at the shift's start and not a minute before; both parties are told and the chat says so", async () => {
    const day = dayFromToday(nextDay++);
    const id = await request(A, B, day, { shiftType: "day", startTime: "07:15", endTime: "19:15" });
    await settle(id, 1);
    const start = londonInstant(day, "07:15");

    clock.set(new Date(start.getTime() - MINUTE));
    await Promise.all([t.closeStartedNow(), second.closeStartedNow()]);
    expect(await statusOf(A, id)).toBe("pending");

    clock.set(start);
    await waitForStatus(A, id, "cancelled");
    expect(await notesOf(B, id)).toEqual([CLOSED_NOTE]);
    // Asked weeks ahead and never answered: the two reminders (reminders.test.ts) went out on the way.
    await settle(id, 5);
    const body = /^The swap request for the Day Shift on \w{3} \d{1,2} \w{3} was cancelled because the shift started$/;
    for (const p of [A, B]) {
      const closed = pushesOf(p, id).filter((x) => x.title === "Swap request cancelled");
      expect(closed).toHaveLength(1);
      expect(closed[0].body).toMatch(body);
    }
  });

  it("an untimed night shift closes at its display start, 18:00, and the cover alert is no longer open", async () => {
    const day = dayFromToday(nextDay++);
    await offDay(t.database.db, C.id, day);
    const id = await request(A, null, day, { shiftType: "night", startTime: null, endTime: null });
    const alertState = async () =>
      ((await C.client.get("/api/cover-alerts")).body as { swapRequestId: number; state: string }[]).find(
        (a) => a.swapRequestId === id,
      )?.state;
    expect(await alertState()).toBe("open");

    clock.set(new Date(londonInstant(day, "18:00").getTime() - MINUTE));
    await t.closeStartedNow();
    expect(await statusOf(A, id)).toBe("pending");
    clock.set(londonInstant(day, "18:00"));
    await waitForStatus(A, id, "cancelled");
    expect(await notesOf(A, id)).toEqual([CLOSED_NOTE]);
    expect(await alertState()).toBe("closed");
    // An open request has no responder: only the requester hears.
    await receiver.waitFor(() => pushesOf(A, id).length >= 1, 10_000);
    expect(pushesOf(A, id).map((x) => x.title)).toEqual(["Swap request cancelled"]);
  });

  it("a request follows its shift's start time however the shift row changes", async () => {
    const day = dayFromToday(nextDay++);
    const id = await request(A, B, day, { shiftType: "day" });
    const shiftId = (await A.client.get(`/api/swap-requests/${id}`)).body.requesterShift.id as number;
    // The calendar refuses to change a shift in an open request; the database keeps the time anyway.
    await t.database.db.update(shifts).set({ startTime: "09:00", endTime: "21:00" }).where(eq(shifts.id, shiftId));

    clock.set(londonInstant(day, "08:59"));
    await Promise.all([t.closeStartedNow(), second.closeStartedNow()]);
    expect(await statusOf(A, id)).toBe("pending");
    clock.set(londonInstant(day, "09:00"));
    await waitForStatus(A, id, "cancelled");
  });

  it("a completed request is untouched", async () => {
    const day = dayFromToday(nextDay++);
    const id = await request(A, B, day, { shiftType: "day" });
    expect((await A.client.post(`/api/swap-requests/${id}/agree`, {})).status).toBe(200);
    const done = await B.client.post(`/api/swap-requests/${id}/agree`, {});
    expect(done.body.status, done.text).toBe("completed");
    await settle(id, 3);
    const notes = await notesOf(A, id);

    clock.set(londonInstant(day, "08:00"));
    await Promise.all([t.closeStartedNow(), second.closeStartedNow()]);
    expect(await statusOf(A, id)).toBe("completed");
    expect(await notesOf(A, id)).toEqual(notes);
    await settle(id, 3);
  });

  it("an offered shift that has started is dropped; the request stays open", async () => {
    const { id, offerDay } = await requestWithOffer();
    expect((await B.client.post(`/api/swap-requests/${id}/agree`, {})).status).toBe(200);

    clock.set(londonInstant(offerDay, "07:00"));
    for (let i = 0; i < 200 && (await notesOf(A, id)).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const after = (await A.client.get(`/api/swap-requests/${id}`)).body;
    expect(after.status).toBe("pending");
    expect(after.offers).toEqual([]);
    expect(after.responderAgreed).toBe(false);
    expect(await notesOf(A, id)).toEqual([
      expect.stringMatching(
        /^The offer of Ben Birch's Day Shift on \w{3}, \d{1,2} \w{3} \d{4} was withdrawn because the shift started\.$/,
      ),
    ]);
  });

  it("an offered shift moved earlier is dropped at its new start", async () => {
    const { id, offerId, offerDay } = await requestWithOffer();
    await t.database.db.update(shifts).set({ startTime: "05:00", endTime: "17:00" }).where(eq(shifts.id, offerId));

    clock.set(londonInstant(offerDay, "04:59"));
    await Promise.all([t.closeStartedNow(), second.closeStartedNow()]);
    expect((await A.client.get(`/api/swap-requests/${id}`)).body.offers).toHaveLength(1);
    expect(await notesOf(A, id)).toEqual([]);

    clock.set(londonInstant(offerDay, "05:00"));
    await Promise.all([t.closeStartedNow(), second.closeStartedNow()]);
    const after = (await A.client.get(`/api/swap-requests/${id}`)).body;
    expect(after.status).toBe("pending");
    expect(after.offers).toEqual([]);
    expect(await notesOf(A, id)).toHaveLength(1);
  });

  it("an offered shift moved while its request was declined is dropped at its new start once restored", async () => {
    const { id, offerId, offerDay } = await requestWithOffer();
    expect((await B.client.post(`/api/swap-requests/${id}/reject`, {})).status).toBe(200);
    await t.database.db.update(shifts).set({ startTime: "05:00", endTime: "17:00" }).where(eq(shifts.id, offerId));
    expect((await B.client.post(`/api/swap-requests/${id}/undo-decline`, {})).status).toBe(200);

    clock.set(londonInstant(offerDay, "05:00"));
    await Promise.all([t.closeStartedNow(), second.closeStartedNow()]);
    const after = (await A.client.get(`/api/swap-requests/${id}`)).body;
    expect(after.status).toBe("pending");
    expect(after.offers).toEqual([]);
  });

  it("two instances close each request exactly once", async () => {
    const days = [nextDay++, nextDay++, nextDay++].map(dayFromToday);
    const ids: number[] = [];
    for (const day of days) ids.push(await request(A, B, day, { shiftType: "day" }));
    for (const id of ids) await settle(id, 1);
    clock.set(londonInstant(days[2], "07:00"));
    await Promise.all([t.closeStartedNow(), second.closeStartedNow(), t.closeStartedNow()]);
    for (const id of ids) {
      await waitForStatus(A, id, "cancelled");
      expect(await notesOf(A, id)).toEqual([CLOSED_NOTE]);
      await settle(id, 3);
      expect(pushesOf(A, id).map((x) => x.title)).toEqual(["Swap request cancelled"]);
      expect(pushesOf(B, id).map((x) => x.title)).toEqual(["New swap request", "Swap request cancelled"]);
    }
  });
});

describe("a three-way request", () => {
  it("closes when the earliest of its three shifts starts, whoever gives it, and all three are told", async () => {
    // Ben's need on d is the earliest; Amy proposes from her own day shift on d+6.
    const d = dayFromToday(nextDay);
    nextDay += 7;
    const [amy, ben, cat] = [
      await party(t.baseUrl, { firstName: "Ana", lastName: "Three" }),
      await party(t.baseUrl, { firstName: "Bo", lastName: "Three" }),
      await party(t.baseUrl, { firstName: "Cy", lastName: "Three" }),
    ];
    for (const p of [amy, ben, cat]) await apps.subscribe(p);
    const db = t.database.db;
    const b = await addShift(db, ben.id, d, { shiftType: "seeking_coverage" });
    await offDay(db, cat.id, d);
    const c = await addShift(db, cat.id, dayFromToday(nextDay - 4), { shiftType: "seeking_coverage" });
    await offDay(db, amy.id, dayFromToday(nextDay - 4));
    const a = await addShift(db, amy.id, dayFromToday(nextDay - 1), { shiftType: "day" });
    await offDay(db, ben.id, dayFromToday(nextDay - 1));
    const res = await amy.client.post("/api/three-way-swaps", { shiftIds: [a, b, c] });
    expect(res.status, res.text).toBe(201);
    const id = res.body.id as number;
    expect((await cat.client.post(`/api/swap-requests/${id}/agree`, {})).status).toBe(200);
    const three = [amy, ben, cat];
    await apps.settle(three, id, 4);
    // Ben's shift now starts at 09:00: the request follows the given shift, not only the proposer's.
    await db.update(shifts).set({ startTime: "09:00", endTime: "21:00" }).where(eq(shifts.id, b));

    clock.set(londonInstant(d, "08:59"));
    await Promise.all([t.closeStartedNow(), second.closeStartedNow()]);
    expect(await statusOf(amy, id)).toBe("accepted");
    clock.set(londonInstant(d, "09:00"));
    await waitForStatus(amy, id, "cancelled");
    for (const p of three) {
      const listed = ((await p.client.get("/api/swap-requests")).body as { id: number; status: string }[]).find(
        (r) => r.id === id,
      );
      expect(listed?.status).toBe("cancelled");
      expect((await notesOf(p, id)).at(-1)).toBe(CLOSED_NOTE);
    }
    const cancelled = (await amy.client.get(`/api/swap-requests/${id}`)).body;
    expect(cancelled.parties.map((p: { agreed: boolean }) => p.agreed)).toEqual([false, false, false]);
    await apps.settle(three, id, 7);
    for (const p of three) {
      expect(pushesOf(p, id).filter((x) => x.title === "Swap request cancelled")).toHaveLength(1);
    }
  });
});

describe("after downtime", () => {
  it("requests that fell due while no instance ran are closed on the first pass", async () => {
    const own = testClock();
    let app = await startTestApp({ clock: own, shiftStartWorker: { intervalMs: 60 * MINUTE } });
    try {
      const amy = await party(app.baseUrl, { firstName: "Amy", lastName: "Ash" });
      const ben = await party(app.baseUrl, { firstName: "Ben", lastName: "Birch" });
      const first = await request(amy, ben, dayFromToday(3), { shiftType: "day" }, app);
      const later = await request(amy, null, dayFromToday(5), { shiftType: "night" }, app);
      const notDue = await request(amy, null, dayFromToday(9), { shiftType: "day" }, app);
      await app.close();

      own.set(londonInstant(dayFromToday(6), "12:00"));
      app = await startTestApp({
        clock: own,
        shiftStartWorker: { intervalMs: 60 * MINUTE },
        databaseUrl: app.database.url,
      });
      const client = new Client(app.baseUrl);
      client.cookies = amy.client.cookies;
      const me = { ...amy, client };
      // The hourly interval never comes round in this test: only the start-up pass can close them.
      await waitForStatus(me, first, "cancelled");
      await waitForStatus(me, later, "cancelled");
      expect(await statusOf(me, notDue)).toBe("pending");
    } finally {
      await app.close();
    }
  });
});
