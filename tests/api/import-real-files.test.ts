import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateCell, sheetOf, timeCell, withWholeGridDeclared, workbook } from "../fixtures/workbooks";
import { startTestApp, type TestApp } from "./helpers/app";
import { type Client, signedInClient } from "./helpers/client";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function upload(client: Client, filename: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: XLSX_TYPE }), filename);
  return client.post("/api/shifts/import", form);
}

type Shift = { date: string; shiftType: string; startTime: string | null; endTime: string | null };
const brief = (s: Shift) => [s.date, s.shiftType, s.startTime, s.endTime];

describe("rosters saved by real spreadsheet programs", () => {
  it("imports a LibreOffice file whose empty extra sheet declares 1,048,576 rows", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const file = withWholeGridDeclared(
      workbook({
        Roster: sheetOf([
          ["Date", "Shift", "Start", "End"],
          [dateCell("2030-12-01"), "D", timeCell("07:00"), timeCell("19:00")],
          [dateCell("2030-12-02"), "N", timeCell("19:00"), timeCell("07:00")],
        ]),
        Sheet2: [],
      }),
      2,
    );
    const res = await upload(client, "roster.xlsx", file);
    expect(res.status).toBe(200);
    expect(res.body.shifts.map(brief)).toEqual([
      ["2030-12-01", "day", "07:00", "19:00"],
      ["2030-12-02", "night", "19:00", "07:00"],
    ]);
  });

  it("still refuses a sheet that really holds more rows than a roster may", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const rows = [["Date", "Shift"], ...Array.from({ length: 20_150 }, () => ["01/01/2031", "D"])];
    const res = await upload(client, "long.xlsx", withWholeGridDeclared(workbook({ S: rows }), 1));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The sheet 'S' has more than 20,100 rows; a roster can have at most 20,000/);
    expect((await client.get("/api/shifts")).body).toEqual([]);
  });

  it("saves a Late of 14:00–22:00 as a day shift and a Late that runs past midnight as a night", async () => {
    const { client } = await signedInClient(t.baseUrl);
    const file = workbook({
      Rota: [
        ["Date", "Code", "Start", "End"],
        ["03/12/2030", "Late", "14:00", "22:00"],
        ["04/12/2030", "L", "1500", "2300"],
        ["05/12/2030", "L", "22:00", "07:00"],
      ],
    });
    const res = await upload(client, "rota.xlsx", file);
    expect(res.status).toBe(200);
    expect(res.body.shifts.map(brief)).toEqual([
      ["2030-12-03", "day", "14:00", "22:00"],
      ["2030-12-04", "day", "15:00", "23:00"],
      ["2030-12-05", "night", "22:00", "07:00"],
    ]);
  });
});
