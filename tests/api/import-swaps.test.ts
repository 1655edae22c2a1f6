import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/open";
import { workbook } from "../fixtures/workbooks";
import { startTestApp, type TestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { addShift, dayFromToday, offDay, type Party, party } from "./helpers/swaps";

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(async () => t.close());

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const uk = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

function upload(client: Client, rows: unknown[][], query = "") {
  const form = new FormData();
  const bytes = workbook({ Roster: [["Date", "Shift", "Start", "End"], ...rows] });
  form.append("file", new Blob([new Uint8Array(bytes)], { type: XLSX_TYPE }), "roster.xlsx");
  return client.post(`/api/shifts/import${query}`, form);
}

type Shift = { date: string; shiftType: string; startTime: string | null; endTime: string | null };

async function calendar(client: Client, days: string[]) {
  const res = await client.get("/api/shifts");
  expect(res.status).toBe(200);
  return (res.body as Shift[])
    .filter((s) => days.includes(s.date))
    .map((s) => [s.date, s.shiftType, s.startTime, s.endTime]);
}

let next = 40;
/**
 * A completed swap: A's day shift on `day` went to B (whose Available Off Day became A's rest day),
 * and B's seeking-coverage shift on `offerDay` went to A in return (B got a rest day there).
 */
async function completedSwap(A: Party, B: Party) {
  const day = dayFromToday(next++);
  const offerDay = dayFromToday(next++);
  const other = dayFromToday(next++);
  const shiftId = await addShift(db, A.id, day, { shiftType: "day" });
  await offDay(db, B.id, day);
  await addShift(db, B.id, offerDay, { shiftType: "day" });
  const offerId = await addShift(db, B.id, offerDay, { shiftType: "seeking_coverage" });
  const created = await A.client.post("/api/swap-requests", {
    requesterShiftId: shiftId,
    responderId: B.id,
    offerShiftIds: [offerId],
    introMessage: "Hi",
  });
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as number;
  expect((await B.client.post(`/api/swap-requests/${id}/agree`, { acceptedOfferShiftId: offerId })).status).toBe(200);
  const done = await A.client.post(`/api/swap-requests/${id}/agree`);
  expect(done.status, done.text).toBe(200);
  expect(done.body.status).toBe("completed");
  return { id, day, offerDay, other };
}

const kept = (name: string, day: string) =>
  `Kept your swap with ${name} on ${uk(day)}; your roster file does not show it yet. Has it been approved on GRS?`;

describe("imports respect completed swaps", () => {
  it("keeps what a completed swap changed on both sides, reports it, and imports the other days", async () => {
    const A = await party(t.baseUrl, { firstName: "Ava", lastName: "Stone" });
    const B = await party(t.baseUrl, { firstName: "Ben", lastName: "Hale" });
    const { day, offerDay, other } = await completedSwap(A, B);
    const days = [day, offerDay, other];
    const before = await calendar(A.client, days);
    expect(before).toEqual([
      [day, "rest_day", null, null],
      [offerDay, "day", "07:00", "19:00"],
    ]);

    // A's roster file still shows the old days: working `day`, resting `offerDay`.
    const res = await upload(A.client, [
      [uk(day), "D", "07:00", "19:00"],
      [uk(offerDay), "RD", null, null],
      [uk(other), "N", "19:00", "07:00"],
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.kept).toEqual([
      { sheet: "Roster", row: 2, reason: kept("Ben Hale", day) },
      { sheet: "Roster", row: 3, reason: kept("Ben Hale", offerDay) },
    ]);
    expect(res.body.skipped).toEqual([]);
    expect(await calendar(A.client, days)).toEqual([...before, [other, "night", "19:00", "07:00"]]);

    // B's file too: resting on `day`, working `offerDay`.
    const bRes = await upload(B.client, [
      [uk(day), "RD", null, null],
      [uk(offerDay), "D", "07:00", "19:00"],
    ]);
    expect(bRes.status, bRes.text).toBe(200);
    expect(bRes.body.kept.map((k: { reason: string }) => k.reason)).toEqual([
      kept("Ava Stone", day),
      kept("Ava Stone", offerDay),
    ]);
    expect(await calendar(B.client, [day, offerDay])).toEqual([
      [day, "day", "07:00", "19:00"],
      [offerDay, "rest_day", null, null],
    ]);
  });

  it("imports a file that already shows the swap without a word, and says so when GRS approval is ticked but the file disagrees", async () => {
    const A = await party(t.baseUrl, { firstName: "Cara", lastName: "Lind" });
    const B = await party(t.baseUrl, { firstName: "Dan", lastName: "Moss" });
    const { id, day, offerDay } = await completedSwap(A, B);
    const agrees = await upload(A.client, [
      [uk(day), "RD", null, null],
      [uk(offerDay), "D", "07:00", "19:00"],
    ]);
    expect(agrees.status).toBe(200);
    expect(agrees.body.kept).toEqual([]);
    expect(agrees.body.shifts).toHaveLength(2);

    expect((await B.client.patch(`/api/swap-requests/${id}`, { grsSubmitted: true, grsApproved: true })).status).toBe(
      200,
    );
    const res = await upload(A.client, [[uk(day), "D", "07:00", "19:00"]]);
    expect(res.body.kept).toEqual([
      {
        sheet: "Roster",
        row: 2,
        reason: `Kept your swap with Dan Moss on ${uk(day)}; it is marked approved on GRS, but your roster file still does not show it. Please check your roster with your rostering team.`,
      },
    ]);
    expect(await calendar(A.client, [day])).toEqual([[day, "rest_day", null, null]]);
  });

  it("lets the file win with overwriteSwaps=true, and changes nothing when that upload fails", async () => {
    const A = await party(t.baseUrl, { firstName: "Eve", lastName: "Park" });
    const B = await party(t.baseUrl, { firstName: "Finn", lastName: "Reed" });
    const { day, offerDay } = await completedSwap(A, B);
    const rows = [
      [uk(day), "D", "07:00", "19:00"],
      [uk(offerDay), "RD", null, null],
    ];
    const before = await calendar(A.client, [day, offerDay]);

    const refused = await upload(A.client, rows, "?overwriteSwaps=maybe");
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: "overwriteSwaps must be true or false", field: "overwriteSwaps" });
    const form = new FormData();
    form.append("file", new Blob([Buffer.from("not a workbook")], { type: XLSX_TYPE }), "roster.xlsx");
    expect((await A.client.post("/api/shifts/import?overwriteSwaps=true", form)).status).toBe(415);
    expect(await calendar(A.client, [day, offerDay])).toEqual(before);

    const res = await upload(A.client, rows, "?overwriteSwaps=true");
    expect(res.status, res.text).toBe(200);
    expect(res.body.kept).toEqual([]);
    expect(await calendar(A.client, [day, offerDay])).toEqual([
      [day, "day", "07:00", "19:00"],
      [offerDay, "rest_day", null, null],
    ]);
    // The swap itself stays completed: only the calendar follows the file.
    const list = (await A.client.get("/api/swap-requests")).body as { status: string }[];
    expect(list.map((r) => r.status)).toEqual(["completed"]);
  });

  it("changes nothing at all when the database refuses a row part-way through letting the file win", async () => {
    const A = await party(t.baseUrl, { firstName: "Gil", lastName: "Hart" });
    const B = await party(t.baseUrl, { firstName: "Hana", lastName: "Iles" });
    const { day, offerDay, other } = await completedSwap(A, B);
    const days = [day, offerDay, other];
    const before = await calendar(A.client, days);
    // A real failure inside the transaction: the database refuses the last row, after the others were written.
    await db.execute(sql`
      create function refuse_marked_shift() returns trigger language plpgsql as $$
      begin
        if new.notes = 'refuse this row' then raise exception 'refused by test trigger'; end if;
        return new;
      end $$`);
    await db.execute(sql`
      create trigger refuse_marked_shift before insert or update on shifts
      for each row execute function refuse_marked_shift()`);
    try {
      const form = new FormData();
      const bytes = workbook({
        Roster: [
          ["Date", "Shift", "Start", "End", "Notes"],
          [uk(day), "D", "07:00", "19:00", null],
          [uk(offerDay), "RD", null, null, null],
          [uk(other), "N", "19:00", "07:00", "refuse this row"],
        ],
      });
      form.append("file", new Blob([new Uint8Array(bytes)], { type: XLSX_TYPE }), "roster.xlsx");
      const res = await A.client.post("/api/shifts/import?overwriteSwaps=true", form);
      expect(res.status).toBe(500);
      expect(res.text).not.toContain("refused by test trigger");
    } finally {
      await db.execute(sql`drop trigger refuse_marked_shift on shifts`);
      await db.execute(sql`drop function refuse_marked_shift()`);
    }
    expect(await calendar(A.client, days)).toEqual(before);
  });
});

describe("imports respect open requests", () => {
  it("leaves an Available Off Day someone asked the user to work as it is, and reports it", async () => {
    const A = await party(t.baseUrl, { firstName: "Ada", lastName: "Moss" });
    const B = await party(t.baseUrl, { firstName: "Bea", lastName: "Lark" });
    const day = dayFromToday(next++);
    const other = dayFromToday(next++);
    const shiftId = await addShift(db, A.id, day, { shiftType: "day" });
    await offDay(db, B.id, day);
    const created = await A.client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: B.id });
    expect(created.status, created.text).toBe(201);

    // B's roster now has B working that day: the request must not lose its off day under it.
    const res = await upload(B.client, [
      [uk(day), "N", "19:00", "07:00"],
      [uk(other), "D", "07:00", "19:00"],
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.skipped).toEqual([
      {
        sheet: "Roster",
        row: 2,
        reason: "This date is your Available Off Day in an open swap request, so it was left as it is",
      },
    ]);
    expect(await calendar(B.client, [day, other])).toEqual([
      [day, "rest_day", null, null],
      [other, "day", "07:00", "19:00"],
    ]);
    const request = await B.client.get(`/api/swap-requests/${created.body.id}`);
    expect(request.body.status).toBe("pending");
    expect((await B.client.post(`/api/swap-requests/${created.body.id}/agree`)).status).toBe(200);

    // A rest-day row for that day keeps the off day, so it goes through.
    const again = await upload(B.client, [[uk(day), "RD", null, null]]);
    expect(again.body.skipped).toEqual([]);
  });
});
