import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../common/dates";
import { dayNumber, londonMinuteOf } from "../../common/london-time";
import { notificationOutbox } from "../../server/db/schema";
import { shortDate } from "../../server/notifications/events";
import { type TestApp, until } from "./helpers/app";
import type { Client } from "./helpers/client";
import { testClock } from "./helpers/clock";
import { pushEnv, startTwoInstances, type TwoInstances } from "./helpers/instances";
import { PushReceiver } from "./helpers/push-receiver";
import { addShift, dayFromToday, offDay, type Party, party } from "./helpers/swaps";

const DELAY_MINUTES = 10;
const env = pushEnv({ NOTIFY_EMAIL_DELAY_MINUTES: String(DELAY_MINUTES), COVER_ALERTS_PER_DAY: "5" });
const worker = { pollMs: 50, timeoutMs: 1500, digestCheckMs: 100 };

/** A London wall-clock time on a day, as an instant. */
const london = (day: string, hm: string) =>
  new Date(londonMinuteOf(dayNumber(day), Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5))) * 60_000);

// The app's clock runs days ahead of real time, a day of its own for each test: the rows the
// database stamps are always in the clock's past, and the quiet windows are the test's.
let nextClockDay = 2;
const clock = testClock(london(dayFromToday(1), "12:00"));
/** A fresh London day for a test, at least a day after the one before. */
const clockDay = () => dayFromToday(nextClockDay++);
// Requests are about shifts far beyond the clock, so none closes because its shift started.
let nextShiftDay = 40;

let apps: TwoInstances;
let t: TestApp;
let receiver: PushReceiver;
let rita: Party;
const device = new Map<number, string>();

beforeAll(async () => {
  receiver = await new PushReceiver().start();
  apps = await startTwoInstances({ env, notificationWorker: worker, clock });
  t = apps.first;
  rita = await clinician("Rita", "Reed");
});
afterAll(async () => {
  await apps?.close();
  await receiver?.stop();
});

/** A paramedic at Dudley Hub with a push device. */
async function clinician(firstName: string, lastName = "Test"): Promise<Party> {
  const p = await party(t.baseUrl, { firstName, lastName });
  const sub = receiver.subscription(`p${p.id}`);
  expect((await p.client.post("/api/push/subscriptions", sub.json)).status).toBe(201);
  device.set(p.id, sub.endpoint);
  return p;
}

const pushesOf = (p: Party) => receiver.pushesFor(device.get(p.id) as string);
const mailLinesOf = (p: Party) =>
  [...apps.first.mails, ...apps.second.mails]
    .filter((m) => m.text.startsWith(`Hello ${p.firstName},`))
    .flatMap((m) => m.text.split("\n").filter((l) => l.startsWith("- ")));

async function putSettings(p: Party, body: unknown, via: Client = p.client) {
  return via.request("PUT", "/api/notifications/settings", body);
}
async function setSettings(p: Party, body: unknown, via?: Client) {
  const res = await putSettings(p, body, via);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** A new swap request from Rita to `to`, on a fresh day: one push to `to`. */
async function requestTo(to: Party, via: Client = rita.client): Promise<number> {
  const day = dayFromToday(nextShiftDay++);
  const shiftId = await addShift(t.database.db, rita.id, day, { shiftType: "day" });
  await offDay(t.database.db, to.id, day);
  const res = await via.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: to.id });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

/** Long enough for a push (or a digest) that should not come to have arrived: the workers poll every 50 ms. */
const settleFor = (ms = 600) => new Promise((r) => setTimeout(r, ms));

/** Waits for `n` pushes to `p` in all, then a little longer so a duplicate would show. */
async function expectPushes(p: Party, n: number) {
  await receiver.waitFor(() => pushesOf(p).length >= n);
  await settleFor();
  expect(pushesOf(p).length).toBe(n);
}

const pushStates = async (p: Party) =>
  (
    await t.database.db
      .select({ state: notificationOutbox.pushState })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.userId, p.id))
  )
    .map((r) => r.state)
    .sort();

describe("quiet settings", () => {
  it("are off by default with the server's daily cover-alert limit, and kept as chosen", async () => {
    const fay = await clinician("Fay");
    expect((await fay.client.get("/api/notifications/settings")).body).toEqual({
      email: true,
      coverAlerts: true,
      followAllHubs: false,
      followedHubs: ["Dudley Hub"],
      quietHours: null,
      quietAfterNight: null,
      coverAlertsPerDay: 5,
    });
    expect(await setSettings(fay, { quietHours: { start: "22:00", end: "07:00" } })).toMatchObject({
      quietHours: { start: "22:00", end: "07:00" },
      quietAfterNight: null,
      coverAlertsPerDay: 5,
    });
    await setSettings(fay, { quietAfterNight: { until: "15:00" }, coverAlertsPerDay: 0 }, apps.via2(fay));
    expect((await fay.client.get("/api/notifications/settings")).body).toEqual({
      email: true,
      coverAlerts: true,
      followAllHubs: false,
      followedHubs: ["Dudley Hub"],
      quietHours: { start: "22:00", end: "07:00" },
      quietAfterNight: { until: "15:00" },
      coverAlertsPerDay: 0,
    });
    expect(await setSettings(fay, { quietHours: null, coverAlertsPerDay: 20 })).toMatchObject({
      quietHours: null,
      quietAfterNight: { until: "15:00" },
      coverAlertsPerDay: 20,
    });
  });

  it("refuse what is not a window, a time or a limit, in plain words", async () => {
    const gus = await clinician("Gus");
    const refused = async (body: unknown) => {
      const res = await putSettings(gus, body);
      expect(res.status, res.text).toBe(400);
      return res.body.message as string;
    };
    expect(await refused({ quietHours: { start: "22:00", end: "22:00" } })).toBe(
      "Quiet hours must start and end at different times",
    );
    expect(await refused({ quietHours: { start: "25:00", end: "07:00" } })).toBe(
      "Quiet hours start must be a time such as 07:00",
    );
    expect(await refused({ quietHours: { start: "22:00" } })).toBe("Quiet hours end must be a time such as 07:00");
    expect(await refused({ quietHours: "22:00-07:00" })).toBe(
      "Quiet hours must be off (null) or a start and an end time",
    );
    expect(await refused({ quietAfterNight: { until: "3pm" } })).toBe(
      "Quiet after a night shift must be a time such as 07:00",
    );
    const limit = "The daily cover alert limit must be a whole number from 0 to 20";
    for (const coverAlertsPerDay of [21, -1, 1.5, "5", null]) expect(await refused({ coverAlertsPerDay })).toBe(limit);
    // Nothing was changed by the refusals.
    expect((await gus.client.get("/api/notifications/settings")).body).toMatchObject({
      quietHours: null,
      quietAfterNight: null,
      coverAlertsPerDay: 5,
    });
  });
});

describe("pushes in quiet hours", () => {
  it("wait, across midnight, and arrive once, one per request with the newest text, when the window ends", async () => {
    const day = clockDay();
    const next = addDays(day, 1);
    const sam = await clinician("Sam");
    const ned = await clinician("Ned");
    await setSettings(sam, { quietHours: { start: "22:00", end: "07:00" } });
    clock.set(london(day, "23:30"));
    const id = await requestTo(sam, apps.via2(rita));
    expect((await rita.client.post("/api/messages", { swapRequestId: id, content: "Can you?" })).status).toBe(201);
    expect((await apps.via2(rita).post("/api/messages", { swapRequestId: id, content: "Please" })).status).toBe(201);
    // Ned has no quiet hours: his push goes at once.
    await requestTo(ned);
    await expectPushes(ned, 1);
    expect(pushesOf(sam)).toEqual([]);

    clock.set(london(next, "00:30"));
    await settleFor();
    clock.set(london(next, "06:59"));
    await settleFor();
    expect(pushesOf(sam)).toEqual([]);

    clock.set(london(next, "07:00"));
    await expectPushes(sam, 1);
    expect(pushesOf(sam)[0].payload).toEqual({
      title: "New message from Rita Reed",
      body: expect.stringMatching(/^About the swap for the Day Shift on /),
      url: `/messages/${id}`,
      tag: `swap-${id}`,
    });
    // Nothing lost: one pushed, the two it replaced on the device count as delivered.
    expect(await pushStates(sam)).toEqual(["done", "merged", "merged"]);
  });

  it("go once each on two instances, and a push read while held is not sent late", async () => {
    const day = clockDay();
    const quiet = [await clinician("Ona"), await clinician("Oli"), await clinician("Oz"), await clinician("Ola")];
    const reader = await clinician("Rhea");
    for (const p of [...quiet, reader]) await setSettings(p, { quietHours: { start: "21:00", end: "23:00" } });
    clock.set(london(day, "21:15"));
    const ids: number[] = [];
    for (const p of quiet) {
      ids.push(await requestTo(p, rita.client));
      ids.push(await requestTo(p, apps.via2(rita)));
    }
    const read = await requestTo(reader);
    expect((await apps.via2(reader).post(`/api/messages/${read}/read`)).status).toBe(200);
    await settleFor();
    expect(quiet.flatMap(pushesOf)).toEqual([]);

    clock.set(london(day, "23:00"));
    for (const p of quiet) await expectPushes(p, 2);
    expect(
      quiet
        .flatMap(pushesOf)
        .map((r) => r.payload.tag)
        .sort(),
    ).toEqual(ids.map((id) => `swap-${id}`).sort());
    expect(pushesOf(reader)).toEqual([]);
    expect(await pushStates(reader)).toEqual(["skipped"]);
  });

  it("follow a change of the window: a shorter one releases them at its end, none at once", async () => {
    const day = clockDay();
    const liv = await clinician("Liv");
    await setSettings(liv, { quietHours: { start: "22:00", end: "07:00" } });
    clock.set(london(day, "23:00"));
    await requestTo(liv);
    await settleFor();
    await setSettings(liv, { quietHours: { start: "22:00", end: "23:30" } }, apps.via2(liv));
    await settleFor();
    expect(pushesOf(liv)).toEqual([]);
    clock.set(london(day, "23:30"));
    await expectPushes(liv, 1);

    clock.set(london(addDays(day, 1), "01:00"));
    await setSettings(liv, { quietHours: { start: "00:00", end: "07:00" } });
    await requestTo(liv);
    await settleFor();
    expect(pushesOf(liv).length).toBe(1);
    await setSettings(liv, { quietHours: null });
    await expectPushes(liv, 2);
  });
});

describe("quiet after a night shift", () => {
  it("holds from the end of the user's own night until the chosen time, and not after a day shift", async () => {
    const day = clockDay();
    const next = addDays(day, 1);
    const nia = await clinician("Nia");
    const una = await clinician("Una");
    const dan = await clinician("Dan");
    for (const p of [nia, una, dan]) await setSettings(p, { quietAfterNight: { until: "15:00" } });
    // Nia's night is 19:00 to 07:00; Una's has no times, so it ends at 06:00 (SPEC §9's display times).
    await addShift(t.database.db, nia.id, day, { shiftType: "night" });
    await addShift(t.database.db, una.id, day, { shiftType: "night", startTime: null, endTime: null });
    await addShift(t.database.db, dan.id, next, { shiftType: "day", startTime: "06:00", endTime: "10:00" });

    clock.set(london(next, "05:30"));
    await requestTo(una);
    await expectPushes(una, 1);
    clock.set(london(next, "06:30"));
    await requestTo(una);
    await requestTo(nia, apps.via2(rita));
    await expectPushes(nia, 1);
    clock.set(london(next, "08:00"));
    await requestTo(nia);
    clock.set(london(next, "10:30"));
    await requestTo(dan);
    await expectPushes(dan, 1);
    clock.set(london(next, "14:59"));
    await settleFor();
    expect([pushesOf(una).length, pushesOf(nia).length]).toEqual([1, 1]);

    clock.set(london(next, "15:00"));
    await expectPushes(una, 2);
    await expectPushes(nia, 2);
    expect(pushesOf(dan).length).toBe(1);
  });

  it("joins quiet hours that end as the night does: the pushes wait until the later end", async () => {
    const day = clockDay();
    const next = addDays(day, 1);
    const ivy = await clinician("Ivy");
    await setSettings(ivy, { quietHours: { start: "22:00", end: "07:00" }, quietAfterNight: { until: "12:00" } });
    await addShift(t.database.db, ivy.id, day, { shiftType: "night", startTime: "19:00", endTime: "07:00" });
    clock.set(london(day, "23:00"));
    await requestTo(ivy);
    clock.set(london(next, "07:00"));
    await settleFor();
    expect(pushesOf(ivy)).toEqual([]);
    clock.set(london(next, "12:00"));
    await expectPushes(ivy, 1);
  });
});

describe("the daily cover-alert limit per user", () => {
  it("0 pushes none and 2 pushes two; the rest go into the digest's own section", async () => {
    clock.set(london(clockDay(), "12:00"));
    const ada = await clinician("Ada", "Ames");
    const zoe = await clinician("Zoe");
    const wes = await clinician("Wes");
    await setSettings(zoe, { coverAlertsPerDay: 0 });
    await setSettings(wes, { coverAlertsPerDay: 2 });
    const days = [0, 1, 2].map(() => dayFromToday(nextShiftDay++));
    for (const d of days) {
      await offDay(t.database.db, zoe.id, d);
      await offDay(t.database.db, wes.id, d);
    }
    for (const d of days) {
      const shiftId = await addShift(t.database.db, ada.id, d, { shiftType: "day" });
      const res = await ada.client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: null });
      expect(res.status, res.text).toBe(201);
    }
    await expectPushes(wes, 2);
    expect(pushesOf(zoe)).toEqual([]);
    // A user gets a digest once in the delay: the clock passes it for whatever came after the first.
    clock.advance((DELAY_MINUTES + 1) * 60_000);
    const line = (d: string) => `- Day shift ${shortDate(d)} at Dudley Hub, for Ada Ames`;
    await until(() => mailLinesOf(zoe).length >= 3 && mailLinesOf(wes).length >= 1, 10_000);
    expect(mailLinesOf(zoe).sort()).toEqual(days.map(line).sort());
    expect(mailLinesOf(wes)).toEqual([line(days[2])]);
  });
});

describe("the email digest", () => {
  it("counts a held push as unread from its release, not from its creation", async () => {
    const day = clockDay();
    const next = addDays(day, 1);
    const hal = await clinician("Hal");
    await setSettings(hal, { quietHours: { start: "22:00", end: "07:00" } });
    clock.set(london(day, "23:00"));
    // Made (by the database's clock) days before the app's now: without the hold its digest would be due.
    await requestTo(hal);
    await settleFor();
    expect(mailLinesOf(hal)).toEqual([]);
    clock.set(london(next, "07:00"));
    await expectPushes(hal, 1);
    clock.set(london(next, "07:09"));
    await settleFor();
    expect(mailLinesOf(hal)).toEqual([]);
    clock.set(london(next, "07:10"));
    await until(() => mailLinesOf(hal).length > 0);
    await settleFor();
    expect(mailLinesOf(hal)).toEqual([expect.stringMatching(/^- New swap request from Rita Reed for /)]);
  });
});
