import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { londonOffset } from "../../common/dates";
import { shortDate } from "../../server/notifications/events";
import type { TestApp } from "./helpers/app";
import { addShift, dayFromToday, offDay, type Party, party } from "./helpers/swaps";
import { startTimedApps, type TimedApps } from "./helpers/timed-apps";

// Reminders (decision 037): to a responder who has not answered after 24 h, to the requester after
// 48 h with the offer to ask everyone, and GRS reminders after a completed swap at 24 h and 72 h.
// Time is the apps' clock, which these tests move; both instances run the timed pass every 50 ms.
let apps: TimedApps;
let t: TestApp;
let A: Party; // requester
let B: Party; // responder
let C: Party; // same grade and hub: alerted once a request is opened to everyone
let nextDay = 40;

const HOUR = 3_600_000;
const WAITING = "Swap request waiting";
const UNANSWERED = "Swap request not answered";
const GRS = "Submit your swap on GRS";

beforeAll(async () => {
  apps = await startTimedApps({ env: { NOTIFY_MESSAGE_HOLD_SECONDS: "0", NOTIFY_EMAIL_DELAY_MINUTES: "0" } });
  t = apps.t;
  A = await party(t.baseUrl, { firstName: "Amy", lastName: "Ash" });
  B = await party(t.baseUrl, { firstName: "Ben", lastName: "Birch" });
  C = await party(t.baseUrl, { firstName: "Cal", lastName: "Cedar" });
  for (const p of [A, B, C]) await apps.subscribe(p);
});
afterAll(async () => {
  await apps?.close();
});

/** Moves the clock and runs the timed pass on both instances at once, twice. */
async function moveTo(at: Date) {
  apps.clock.set(at);
  for (let i = 0; i < 2; i++) await Promise.all([t.closeStartedNow(), apps.second.closeStartedNow()]);
}
const hoursAfter = (start: Date, hours: number) => new Date(start.getTime() + hours * HOUR);

async function request(day: string) {
  const shiftId = await addShift(t.database.db, A.id, day, { shiftType: "day" });
  await offDay(t.database.db, B.id, day);
  const res = await A.client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: B.id });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

const titles = (p: Party, id: number) => apps.pushesOf(p, id).map((x) => x.title);
const settle = (id: number, expected: number) => apps.settle([A, B, C], id, expected);

/** A request completed by both agreeing: Ben agrees last. */
async function completed(day: string) {
  const id = await request(day);
  const first = await A.client.post(`/api/swap-requests/${id}/agree`, { acknowledgeWarnings: true });
  expect(first.status, first.text).toBe(200);
  const done = await B.client.post(`/api/swap-requests/${id}/agree`, { acknowledgeWarnings: true });
  expect(done.body.status, done.text).toBe("completed");
  // New swap request and Swap agreed to Ben, Swap completed to Amy.
  await settle(id, 3);
  return id;
}

describe("a responder who has not answered", () => {
  it("is reminded once, 24 h after being asked, with names, date and shift type only", async () => {
    const day = dayFromToday(nextDay++);
    const asked = apps.clock.now();
    const id = await request(day);
    // The requester's own message is no answer.
    expect((await A.client.post("/api/messages", { swapRequestId: id, content: "Can you do it?" })).status).toBe(201);
    await settle(id, 2);

    await moveTo(hoursAfter(asked, 23.9));
    await settle(id, 2);
    await moveTo(hoursAfter(asked, 24));
    await settle(id, 3);
    const reminder = apps.pushesOf(B, id).filter((x) => x.title === WAITING);
    expect(reminder).toEqual([
      expect.objectContaining({
        body: `Amy Ash asked to swap their ${shortDate(day)} day shift`,
        url: `/messages/${id}`,
      }),
    ]);
    // Unread, it goes into the email digest as other events do.
    await expect
      .poll(() =>
        [...t.mails, ...apps.second.mails].some((m) =>
          m.text.includes(`- Amy Ash asked to swap their ${shortDate(day)} day shift`),
        ),
      )
      .toBe(true);

    // Never a second one, however long it stays unanswered.
    await moveTo(hoursAfter(asked, 40));
    expect(titles(B, id).filter((x) => x === WAITING)).toHaveLength(1);
  });

  it("is not reminded once they wrote, agreed or declined, nor when the request was cancelled", async () => {
    const asked = apps.clock.now();
    const wrote = await request(dayFromToday(nextDay++));
    expect((await B.client.post("/api/messages", { swapRequestId: wrote, content: "Let me check" })).status).toBe(201);
    const agreed = await request(dayFromToday(nextDay++));
    const agree = await B.client.post(`/api/swap-requests/${agreed}/agree`, { acknowledgeWarnings: true });
    expect(agree.body.status, agree.text).toBe("accepted");
    // Withdrawing the agreement afterwards does not make it unanswered.
    expect((await B.client.post(`/api/swap-requests/${agreed}/unagree`, {})).status).toBe(200);
    const declined = await request(dayFromToday(nextDay++));
    expect((await B.client.post(`/api/swap-requests/${declined}/reject`, {})).status).toBe(200);
    const cancelled = await request(dayFromToday(nextDay++));
    expect((await A.client.request("PATCH", `/api/swap-requests/${cancelled}`, { status: "cancelled" })).status).toBe(
      200,
    );

    await moveTo(hoursAfter(asked, 72));
    for (const id of [wrote, agreed, declined, cancelled]) {
      await settle(id, id === agreed ? 3 : 2);
      expect([...titles(A, id), ...titles(B, id)]).not.toContain(WAITING);
      expect(titles(A, id)).not.toContain(UNANSWERED);
      const json = (await A.client.get(`/api/swap-requests/${id}`)).body;
      expect(json.askEveryoneFrom).toBeNull();
    }
  });

  it("gets no reminder for a request whose shift started first", async () => {
    const day = dayFromToday(2);
    // Today again (earlier tests moved the clock days ahead), so the shift is still to come.
    const asked = new Date();
    apps.clock.set(asked);
    const id = await request(day);
    await settle(id, 1);
    // The shift starts at 07:00 two days on, at least 31 h after it was asked for.
    const [y, m, d] = day.split("-").map(Number);
    const wall = Date.UTC(y, m - 1, d, 7, 0);
    const start = new Date(wall - londonOffset(wall) * 60_000);
    expect(start.getTime() - asked.getTime()).toBeGreaterThan(24 * HOUR);
    await moveTo(start);
    await settle(id, 3);
    expect(titles(B, id)).toEqual(["New swap request", "Swap request cancelled"]);
  });
});

describe("after 48 h without an answer", () => {
  it("the requester is told once and can ask everyone who could cover, which alerts them", async () => {
    const day = dayFromToday(nextDay++);
    await offDay(t.database.db, C.id, day);
    const asked = apps.clock.now();
    const id = await request(day);
    await settle(id, 1);
    const before = (await A.client.get(`/api/swap-requests/${id}`)).body;
    expect(before.askEveryoneFrom).toBe(hoursAfter(asked, 48).toISOString());

    // Both fell due while no pass ran: each party still gets theirs, once.
    await moveTo(hoursAfter(asked, 48));
    await settle(id, 3);
    expect(titles(B, id)).toEqual(["New swap request", WAITING]);
    expect(apps.pushesOf(A, id)).toEqual([
      expect.objectContaining({
        title: UNANSWERED,
        body: `Ben Birch hasn't answered your swap request for ${shortDate(day)}`,
        url: `/messages/${id}`,
      }),
    ]);
    await moveTo(hoursAfter(asked, 90));
    await settle(id, 3);

    const opened = await A.client.request("PATCH", `/api/swap-requests/${id}`, { responderId: null });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body).toMatchObject({ responderId: null, status: "pending", askEveryoneFrom: null });
    await apps.receiver.waitFor(() => apps.allPushesOf(C).some((x) => x.tag === `cover-${id}`));
    expect(apps.allPushesOf(C).filter((x) => x.tag === `cover-${id}`)).toEqual([
      expect.objectContaining({ title: "Cover needed" }),
    ]);
  });
});

describe("a completed swap not ticked 'Submitted on GRS'", () => {
  it("reminds both parties at 24 h and at 72 h, then never again", async () => {
    const done = apps.clock.now();
    const id = await completed(dayFromToday(nextDay++));
    const grsOf = (p: Party) => apps.pushesOf(p, id).filter((x) => x.title === GRS);

    await moveTo(hoursAfter(done, 23.9));
    await settle(id, 3);
    await moveTo(hoursAfter(done, 24));
    await settle(id, 5);
    expect(grsOf(A).map((x) => x.body)).toEqual([
      expect.stringMatching(/^Your swap with Ben Birch for the Day Shift on \w{3} \d{1,2} \w{3} is not marked/),
    ]);
    expect(grsOf(B).map((x) => x.body)).toEqual([expect.stringMatching(/^Your swap with Amy Ash for the Day Shift/)]);

    await moveTo(hoursAfter(done, 71.9));
    await settle(id, 5);
    await moveTo(hoursAfter(done, 72));
    await settle(id, 7);
    await moveTo(hoursAfter(done, 24 * 30));
    await settle(id, 7);
    expect(grsOf(A)).toHaveLength(2);
    expect(grsOf(B)).toHaveLength(2);
  });

  it("sends none once ticked, and one, not two, when both fell due during downtime", async () => {
    const done = apps.clock.now();
    const ticked = await completed(dayFromToday(nextDay++));
    const tick = await B.client.request("PATCH", `/api/swap-requests/${ticked}`, { grsSubmitted: true });
    expect(tick.status, tick.text).toBe(200);
    const late = await completed(dayFromToday(nextDay++));

    await moveTo(hoursAfter(done, 80));
    await settle(ticked, 3);
    await settle(late, 5);
    expect(titles(A, late).filter((x) => x === GRS)).toHaveLength(1);
    expect(titles(B, late).filter((x) => x === GRS)).toHaveLength(1);
  });
});

describe("two instances on one database", () => {
  it("send each reminder exactly once", async () => {
    const asked = apps.clock.now();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await request(dayFromToday(nextDay++)));
    for (const id of ids) await settle(id, 1);
    apps.clock.set(hoursAfter(asked, 25));
    await Promise.all([
      t.closeStartedNow(),
      apps.second.closeStartedNow(),
      t.closeStartedNow(),
      apps.second.closeStartedNow(),
    ]);
    for (const id of ids) {
      await settle(id, 2);
      expect(titles(B, id)).toEqual(["New swap request", WAITING]);
    }
  });
});

describe("a completed three-way swap not ticked 'Submitted on GRS'", () => {
  it("reminds each of the three once at 24 h and once at 72 h, each with their own change", async () => {
    const d = dayFromToday(nextDay);
    nextDay += 7;
    const [d3, d6] = [dayFromToday(nextDay - 4), dayFromToday(nextDay - 1)];
    const [amy, ben, cat] = [
      await party(t.baseUrl, { firstName: "Ana", lastName: "Three" }),
      await party(t.baseUrl, { firstName: "Bo", lastName: "Three" }),
      await party(t.baseUrl, { firstName: "Cy", lastName: "Three" }),
    ];
    const three = [amy, ben, cat];
    for (const p of three) await apps.subscribe(p);
    const db = t.database.db;
    // Bo works Ana's day on d, Cy works Bo's day on d+3, Ana works Cy's night on d+6.
    const a = await addShift(db, amy.id, d, { shiftType: "day" });
    await offDay(db, ben.id, d);
    const b = await addShift(db, ben.id, d3, { shiftType: "seeking_coverage" });
    await offDay(db, cat.id, d3);
    const c = await addShift(db, cat.id, d6, { shiftType: "seeking_coverage", startTime: "19:00", endTime: "07:00" });
    await offDay(db, amy.id, d6);
    const proposed = await amy.client.post("/api/three-way-swaps", { shiftIds: [a, b, c] });
    expect(proposed.status, proposed.text).toBe(201);
    const id = proposed.body.id as number;
    const done = apps.clock.now();
    for (const p of [ben, cat, amy]) {
      const res = await p.client.post(`/api/swap-requests/${id}/agree`, { acknowledgeWarnings: true });
      expect(res.status, res.text).toBe(200);
    }
    // Two proposals, two agreements told to two each, the completion to the other two.
    await apps.settle(three, id, 8);
    const grsOf = (p: Party) => apps.pushesOf(p, id).filter((x) => x.title === GRS);

    await moveTo(hoursAfter(done, 24));
    await apps.settle(three, id, 11);
    const yours = (mine: string) =>
      `Your three-way swap is not marked as submitted on GRS yet. Three changes go on GRS; yours: ${mine}`;
    expect(grsOf(amy).map((x) => x.body)).toEqual([
      yours(`you work Cy Three's Night Shift on ${shortDate(d6)} and Bo Three works your Day Shift on ${shortDate(d)}`),
    ]);
    expect(grsOf(ben).map((x) => x.body)).toEqual([
      yours(`you work Ana Three's Day Shift on ${shortDate(d)} and Cy Three works your Day Shift on ${shortDate(d3)}`),
    ]);
    expect(grsOf(cat).map((x) => x.body)).toEqual([
      yours(
        `you work Bo Three's Day Shift on ${shortDate(d3)} and Ana Three works your Night Shift on ${shortDate(d6)}`,
      ),
    ]);

    await moveTo(hoursAfter(done, 72));
    await apps.settle(three, id, 14);
    await moveTo(hoursAfter(done, 24 * 10));
    await apps.settle(three, id, 14);
    for (const p of three) expect(grsOf(p)).toHaveLength(2);
  });
});
