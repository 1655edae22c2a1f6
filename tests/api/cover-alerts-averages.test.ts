import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../common/dates";
import { startTestApp, type TestApp } from "./helpers/app";
import { dayFromToday, type Party, party } from "./helpers/swaps";

// A cover alert's averaging rules read 17 weeks of each colleague's shifts; the step decides most
// colleagues from the fortnight and the minutes the availability index keeps per day, so those
// minutes must follow every calendar change made through the API.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The first Sunday at least `n` days ahead. */
function sundayFrom(n: number): string {
  let day = dayFromToday(n);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 0) day = addDays(day, 1);
  return day;
}

const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** Day shifts (07:00–19:00) through the API on every day of `days` that `works` says; their ids by date. */
async function work(p: Party, days: string[], works: (dow: number) => boolean): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const date of days.filter((d) => works(weekday(d)))) {
    const res = await p.client.post("/api/shifts", { date, shiftType: "day", startTime: "07:00", endTime: "19:00" });
    expect(res.status, res.text).toBe(201);
    ids.set(date, res.body.id);
  }
  return ids;
}

async function offDay(p: Party, date: string) {
  const res = await p.client.post("/api/shifts", { date, shiftType: "rest_day", restDayShiftInterest: true });
  expect(res.status, res.text).toBe(201);
}

async function openRequest(p: Party, date: string): Promise<number> {
  const shift = await p.client.post("/api/shifts", { date, shiftType: "day", startTime: "07:00", endTime: "19:00" });
  expect(shift.status, shift.text).toBe(201);
  const res = await p.client.post("/api/swap-requests", { requesterShiftId: shift.body.id, responderId: null });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const alertedTo = async (p: Party) =>
  ((await p.client.get("/api/cover-alerts")).body as { swapRequestId: number }[]).map((a) => a.swapRequestId);

describe("cover alerts and the 17-week averages", () => {
  it("leave out a colleague the shift would take over 48 h a week on average, until their calendar changes", async () => {
    const day = sundayFrom(90);
    // The reference period around the day, and a little more on each side.
    const days = Array.from({ length: 130 }, (_, i) => addDays(day, i - 65));
    const [amy, heavy, light, bea] = await Promise.all(
      ["Amy", "Hal", "Lil", "Bea"].map((firstName) => party(t.baseUrl, { firstName, lastName: "Averages" })),
    );
    // Hal works every weekday: 60 h a week, over the average already, so one shift more makes it worse.
    // Lil works Monday to Wednesday: 36 h a week. Both have Sunday free; neither's rest suffers.
    const heavyShifts = await work(heavy, days, (dow) => dow >= 1 && dow <= 5);
    await work(light, days, (dow) => dow >= 1 && dow <= 3);
    await offDay(heavy, day);
    await offDay(light, day);

    const first = await openRequest(amy, day);
    expect(await alertedTo(light)).toEqual([first]);
    expect(await alertedTo(heavy)).toEqual([]);

    // Hal drops Thursdays and Fridays: 36 h a week, and the next request on that Sunday reaches him.
    for (const [date, id] of heavyShifts) {
      if (weekday(date) < 4) continue;
      expect((await heavy.client.delete(`/api/shifts/${id}`)).status).toBe(200);
    }
    const second = await openRequest(bea, day);
    expect(await alertedTo(heavy)).toEqual([second]);
    expect((await alertedTo(light)).sort()).toEqual([first, second].sort());

    // Lil takes on Thursdays and Fridays after marking her Sunday: 60 h a week, and the next
    // request passes her by (her day's row keeps a 17-week sum that must follow).
    await work(light, days, (dow) => dow === 4 || dow === 5);
    const [cat] = await Promise.all(["Cat"].map((firstName) => party(t.baseUrl, { firstName, lastName: "Averages" })));
    const third = await openRequest(cat, day);
    expect((await alertedTo(light)).sort()).toEqual([first, second].sort());
    expect(await alertedTo(heavy)).toEqual([third, second]);
  }, 60_000);

  it("are decided to the minute for a colleague near the limit: 48 h a week on average with the shift is not over it", async () => {
    const day = sundayFrom(100);
    const [amy, max, mo] = await Promise.all(
      ["Amy", "Max", "Mo"].map((firstName) => party(t.baseUrl, { firstName, lastName: "Limit" })),
    );
    // The 17 weeks around the day hold 119 days; a day shift every other day is 60 of them, and days
    // between them from eight weeks before add the rest (far from the day, so no rest suffers).
    // Max: 67 shifts, 804 h; with the Sunday's 12 h, 816 h = 48 h a week, the limit itself.
    // Mo: one more, 828 h, and the Sunday takes him over.
    const odd = Array.from({ length: 60 }, (_, i) => addDays(day, 2 * i - 59));
    const extra = Array.from({ length: 8 }, (_, i) => addDays(day, 2 * i - 58));
    const post = async (p: Party, date: string) => {
      const res = await p.client.post("/api/shifts", { date, shiftType: "day", startTime: "07:00", endTime: "19:00" });
      expect(res.status, res.text).toBe(201);
    };
    for (const date of [...odd, ...extra.slice(0, 7)]) await post(max, date);
    for (const date of [...odd, ...extra]) await post(mo, date);
    await offDay(max, day);
    await offDay(mo, day);

    const id = await openRequest(amy, day);
    expect(await alertedTo(max)).toEqual([id]);
    expect(await alertedTo(mo)).toEqual([]);
  }, 60_000);

  it("follow a night added or removed beside a day already marked free", async () => {
    const day = sundayFrom(40);
    const [amy, nia, bea, cat] = await Promise.all(
      ["Amy", "Nia", "Bea", "Cat"].map((firstName) => party(t.baseUrl, { firstName, lastName: "Fortnight" })),
    );
    await offDay(nia, day);
    const first = await openRequest(amy, day);
    expect(await alertedTo(nia)).toEqual([first]);

    // A night the evening before ends at 07:00 on the day: no rest before a 07:00 start.
    const night = await nia.client.post("/api/shifts", {
      date: addDays(day, -1),
      shiftType: "night",
      startTime: "19:00",
      endTime: "07:00",
    });
    expect(night.status, night.text).toBe(201);
    const second = await openRequest(bea, day);
    expect(await alertedTo(nia)).toEqual([first]);

    expect((await nia.client.delete(`/api/shifts/${night.body.id}`)).status).toBe(200);
    const third = await openRequest(cat, day);
    expect((await alertedTo(nia)).sort()).toEqual([first, third].sort());
    expect(second).not.toBe(third);
  }, 60_000);
});
