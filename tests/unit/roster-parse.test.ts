import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { hasMagic, kindFromName } from "../../server/imports/file-type";
import { type ExistingShift, OPEN_SWAP_REASON, planDay } from "../../server/imports/import-plan";
import { parseShiftCode } from "../../server/imports/roster-codes";
import { headerColumns, normalizeHeader } from "../../server/imports/roster-columns";
import { parseRoster, type RosterRow, type SheetRows } from "../../server/imports/roster-parse";
import {
  type Cell,
  numberCell,
  parseRosterDate,
  parseRosterTime,
  parseTimeRange,
  serialToDay,
  snapToStep,
  textCell,
  typeFromStart,
} from "../../server/imports/roster-values";
import { checkXlsxArchive, unpackToStored } from "../../server/imports/zip-check";
import { workbook, workbookMembers, zipArchive } from "../fixtures/workbooks";

const t = textCell;
const n = (v: number, dated = false) => numberCell(v, dated);

/** Cells from plain values: strings become text cells, numbers number cells, null stays empty. */
const cells = (...values: Array<string | number | null | Cell>): Cell[] =>
  values.map((v) => (v === null ? null : typeof v === "string" ? t(v) : typeof v === "number" ? n(v) : v));

const sheet = (name: string, rows: Array<Array<string | number | null | Cell>>, firstRow = 1): SheetRows => ({
  name,
  rows: rows.map((r, i) => ({ row: firstRow + i, cells: cells(...r) })),
});

const dayOf = (cell: Cell) => {
  const r = parseRosterDate(cell);
  return r.ok ? r.value : `ERR ${r.reason}`;
};
const timeOf = (cell: Cell) => {
  const r = parseRosterTime(cell);
  if (r === null) return null;
  return r.ok ? `${String(Math.floor(r.value / 60)).padStart(2, "0")}:${String(r.value % 60).padStart(2, "0")}` : "ERR";
};

describe("roster dates", () => {
  it.each([
    ["03/11/2026", "2026-11-03"],
    ["3/11/2026", "2026-11-03"],
    ["3/11/26", "2026-11-03"],
    ["03-11-2026", "2026-11-03"],
    ["03.11.2026", "2026-11-03"],
    ["31/01/2027", "2027-01-31"],
    ["03 Nov 2026", "2026-11-03"],
    ["3 November 2026", "2026-11-03"],
    ["3-Nov-26", "2026-11-03"],
    ["Tue 03 Nov 2026", "2026-11-03"],
    ["Tuesday, 3rd November 2026", "2026-11-03"],
    ["Nov 3, 2026", "2026-11-03"],
    ["2026-11-03", "2026-11-03"],
    ["2026-11-03T00:00:00", "2026-11-03"],
    ["03/11/2026 00:00:00", "2026-11-03"],
    ["  03/11/2026  ", "2026-11-03"],
  ])("reads the text %j as %s (day first)", (text, day) => {
    expect(dayOf(t(text))).toBe(day);
  });

  it("reads Excel serial numbers, with or without a date format, in both date systems", () => {
    expect(dayOf(n(46329, true))).toBe("2026-11-03");
    expect(dayOf(n(46329))).toBe("2026-11-03");
    expect(dayOf(n(46329.75, true))).toBe("2026-11-03");
    expect(serialToDay(45658)).toBe("2025-01-01");
    expect(serialToDay(44196, true)).toBe("2025-01-01");
    const r = parseRosterDate(n(44196, true), true);
    expect(r).toEqual({ ok: true, value: "2025-01-01" });
  });

  it.each([
    [t("31/02/2026"), /not a real date/],
    [t("Total hours"), /Unrecognised date 'Total hours'/],
    [t("13/13/2026"), /not a real date/],
    [n(12), /not a date between/],
    [t("03/11/1850"), /outside the years/],
    [t(""), /No date/],
  ])("refuses %j with a reason", (cell, reason) => {
    const r = parseRosterDate(cell);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});

describe("roster times", () => {
  it.each([
    [t("07:00"), "07:00"],
    [t("7:00"), "07:00"],
    [t("0700"), "07:00"],
    [t("700"), "07:00"],
    [t("1930"), "19:30"],
    [t("19:30:00"), "19:30"],
    [t("07.30"), "07:30"],
    [t("7am"), "07:00"],
    [t("7:30 pm"), "19:30"],
    [t("12am"), "00:00"],
    [t("24:00"), "00:00"],
    [t("1900hrs"), "19:00"],
    [n(0.2916666667, true), "07:00"],
    [n(0.7916666667), "19:00"],
    [n(46329.3125, true), "07:30"],
    [n(700), "07:00"],
    [n(1900), "19:00"],
    [n(7), "07:00"],
    [n(19.45), "19:45"],
  ])("reads %j as %s", (cell, hhmm) => {
    expect(timeOf(cell)).toBe(hhmm);
  });

  it("is empty for a blank cell and refuses what is no time", () => {
    expect(parseRosterTime(null)).toBeNull();
    expect(parseRosterTime(t("  "))).toBeNull();
    expect(timeOf(t("7ish"))).toBe("ERR");
    expect(timeOf(t("25:00"))).toBe("ERR");
    expect(timeOf(t("07:75"))).toBe("ERR");
    expect(timeOf(n(3000))).toBe("ERR");
    const r = parseRosterTime(t("soon"), "start time");
    expect(r).toEqual({ ok: false, reason: "Unrecognised start time 'soon'" });
  });

  it("reads a range in one cell", () => {
    expect(parseTimeRange(t("07:00-19:00"))).toEqual({ ok: true, value: [420, 1140] });
    expect(parseTimeRange(t("1900 – 0700"))).toEqual({ ok: true, value: [1140, 420] });
    expect(parseTimeRange(t("7am to 7pm"))).toEqual({ ok: true, value: [420, 1140] });
    expect(parseTimeRange(t("all day"))?.ok).toBe(false);
    expect(parseTimeRange(null)).toBeNull();
  });

  it("snaps to the nearest 15 minutes and wraps past midnight", () => {
    expect(snapToStep(7 * 60 + 7)).toBe(7 * 60);
    expect(snapToStep(7 * 60 + 8)).toBe(7 * 60 + 15);
    expect(snapToStep(6 * 60 + 50)).toBe(6 * 60 + 45);
    expect(snapToStep(23 * 60 + 55)).toBe(0);
  });

  it("infers day from a start from 05:00 to 13:59, night otherwise", () => {
    expect(typeFromStart(5 * 60)).toBe("day");
    expect(typeFromStart(13 * 60 + 59)).toBe("day");
    expect(typeFromStart(14 * 60)).toBe("night");
    expect(typeFromStart(4 * 60 + 59)).toBe("night");
    expect(typeFromStart(19 * 60)).toBe("night");
  });
});

describe("shift words and codes", () => {
  it.each([
    ["Day", "day"],
    ["D", "day"],
    ["early", "day"],
    ["E", "day"],
    ["LD", "day"],
    ["Long Day", "day"],
    ["D1", "day"],
    ["LD12", "day"],
    ["Day Shift (07:00-19:00)", "day"],
    ["Night", "night"],
    ["N", "night"],
    ["N2", "night"],
    ["Late", "day"],
    ["L", "day"],
    ["Rest", "rest_day"],
    ["RD", "rest_day"],
    ["R", "rest_day"],
    ["OFF", "rest_day"],
    ["Day Off", "rest_day"],
    ["rest-day", "rest_day"],
    ["AL", "annual_leave"],
    ["A/L", "annual_leave"],
    ["A", "annual_leave"],
    ["Annual Leave", "annual_leave"],
    ["Leave", "annual_leave"],
    ["Holiday", "annual_leave"],
    ["Seeking Coverage", "seeking_coverage"],
    ["seeking_coverage", "seeking_coverage"],
  ])("maps %j to %s", (code, type) => {
    expect(parseShiftCode(code)?.shiftType).toBe(type);
  });

  it("marks Available / AOD as an Available Off Day and knows nothing of other codes", () => {
    expect(parseShiftCode("AOD")).toEqual({ shiftType: "rest_day", restDayShiftInterest: true });
    expect(parseShiftCode("Rest")).toEqual({ shiftType: "rest_day" });
    expect(parseShiftCode("TRG")).toBeUndefined();
    expect(parseShiftCode("Sick")).toBeUndefined();
    expect(parseShiftCode("")).toBeUndefined();
  });
});

describe("ambiguous codes", () => {
  it("reads a Late by its times: 14:00–22:00 is a day shift, one running past midnight a night", () => {
    const result = parseRoster([
      sheet("S", [
        ["Date", "Shift", "Start", "End"],
        ["03/11/2026", "Late", "14:00", "22:00"],
        ["04/11/2026", "L", "15:00", "23:00"],
        ["05/11/2026", "L", "22:00", "07:00"],
        ["06/11/2026", "Late", null, null],
        ["07/11/2026", "N", "19:00", "07:00"],
        ["08/11/2026", null, "15:00", "23:00"],
      ]),
    ]);
    expect(result.rows.map((r) => [r.date, r.shiftType, r.startTime, r.endTime])).toEqual([
      ["2026-11-03", "day", "14:00", "22:00"],
      ["2026-11-04", "day", "15:00", "23:00"],
      ["2026-11-05", "night", "22:00", "07:00"],
      ["2026-11-06", "day", null, null],
      ["2026-11-07", "night", "19:00", "07:00"],
      ["2026-11-08", "day", "15:00", "23:00"],
    ]);
    expect(result.skipped).toEqual([]);
  });
});

describe("header row", () => {
  it("maps common column names whatever their case and decoration", () => {
    expect(normalizeHeader("Start Time (24h):")).toBe("start time");
    expect(headerColumns(cells("Duty Date", "Type", "From", "To", "Comments"))).toEqual({
      date: 0,
      type: 1,
      start: 2,
      end: 3,
      notes: 4,
    });
    expect(headerColumns(cells(null, "SHIFT DATE", "shift type", "Start Time", "Finish", "Notes"))).toEqual({
      date: 1,
      type: 2,
      start: 3,
      end: 4,
      notes: 5,
    });
    expect(headerColumns(cells("Date", "Code", "End Time", "Station"))).toEqual({
      date: 0,
      type: 1,
      end: 2,
      location: 3,
    });
    expect(headerColumns(cells("Day", "Date", "Times"))).toEqual({ date: 1, times: 2 });
  });

  it("needs a date column and one that tells the shift", () => {
    expect(headerColumns(cells("Date", "Notes"))).toBeUndefined();
    expect(headerColumns(cells("Shift", "Start", "End"))).toBeUndefined();
    expect(headerColumns(cells("Roster for J Smith"))).toBeUndefined();
  });
});

const row = (over: Partial<RosterRow> = {}): RosterRow => ({
  sheet: "S",
  row: 2,
  date: "2026-11-03",
  shiftType: "day",
  startTime: "07:00",
  endTime: "19:00",
  notes: null,
  location: null,
  restDayShiftInterest: false,
  ...over,
});

describe("parseRoster", () => {
  it("finds the header under title rows, reads each row and reports every skipped one by its row number", () => {
    const result = parseRoster([
      sheet("November", [
        ["West Midlands Ambulance Service"],
        ["Roster for: J Smith", null, "Printed 01/11/2026"],
        [],
        ["Duty Date", "Duty", "Start Time", "End Time", "Comments"],
        ["03/11/2026", "D", "07:00", "19:00", "Crew with Sam"],
        [],
        ["04/11/2026", "N", "19:00", "07:00", null],
        ["05/11/2026", "RD", null, null, null],
        ["Total hours", null, null, null, "24"],
        ["06/11/2026", "Sickness", "07:00", "19:00", null],
        ["07/11/2026", "Day", "7ish", "19:00", null],
        ["05/11/2026", "AL", null, null, null],
        [null, "D", "07:00", "19:00", "no date"],
      ]),
    ]);
    expect(result.sheetsRead).toEqual(["November"]);
    expect(result.rows.map((r) => [r.row, r.date, r.shiftType, r.startTime, r.endTime, r.notes])).toEqual([
      [5, "2026-11-03", "day", "07:00", "19:00", "Crew with Sam"],
      [7, "2026-11-04", "night", "19:00", "07:00", null],
      [8, "2026-11-05", "rest_day", null, null, null],
    ]);
    expect(result.skipped).toEqual([
      { sheet: "November", row: 9, reason: "Unrecognised date 'Total hours'" },
      { sheet: "November", row: 10, reason: "'Sickness' is an absence, not a shift, so the row was not imported" },
      { sheet: "November", row: 11, reason: "Unrecognised start time '7ish'" },
      { sheet: "November", row: 12, reason: "Duplicate date: 05/11/2026 is already on row 8" },
      { sheet: "November", row: 13, reason: "No date in this row" },
    ]);
  });

  it("reads several sheets, skips a sheet without a header and catches a date repeated across sheets", () => {
    const result = parseRoster([
      sheet("Notes", [["Nothing to see here"], ["Date of issue", "01/11/2026"]]),
      sheet("Dec", [
        ["Date", "Shift"],
        [n(46357, true), "Night"],
      ]),
      sheet("Jan", [
        ["Shift Date", "Code", "From", "To"],
        ["01/12/2026", "E", "0600", "1400"],
        ["02/01/2027", "LD", "0700", "1900"],
      ]),
    ]);
    expect(result.sheetsWithoutHeader).toEqual(["Notes"]);
    expect(result.sheetsRead).toEqual(["Dec", "Jan"]);
    expect(result.rows.map((r) => [r.sheet, r.date, r.shiftType])).toEqual([
      ["Dec", "2026-12-01", "night"],
      ["Jan", "2027-01-02", "day"],
    ]);
    expect(result.skipped).toEqual([
      { sheet: "Jan", row: 2, reason: "Duplicate date: 01/12/2026 is already on row 2 of sheet 'Dec'" },
    ]);
  });

  it("infers day or night from the start time when there is no type, and says so for an unknown code; an unknown code without times is skipped", () => {
    const result = parseRoster([
      sheet("S", [
        ["Date", "Start", "End"],
        ["03/11/2026", "06:00", "18:00"],
        ["04/11/2026", "19:00", "07:00"],
        ["05/11/2026", "14:00", "00:00"],
      ]),
      sheet("T", [
        ["Date", "Type", "Start", "End", "Notes"],
        ["10/11/2026", "TRG", "09:00", "17:00", "Bring laptop"],
        ["11/11/2026", "BH", null, null, null],
      ]),
    ]);
    expect(result.rows.map((r) => [r.date, r.shiftType, r.startTime, r.endTime, r.notes])).toEqual([
      ["2026-11-03", "day", "06:00", "18:00", null],
      ["2026-11-04", "night", "19:00", "07:00", null],
      ["2026-11-05", "night", "14:00", "00:00", null],
      ["2026-11-10", "day", "09:00", "17:00", "TRG · Bring laptop"],
    ]);
    expect(result.adjusted).toEqual([
      { sheet: "T", row: 2, reason: "Unknown shift code 'TRG': saved as a day shift from its start time" },
    ]);
    expect(result.skipped).toEqual([{ sheet: "T", row: 3, reason: "Unknown shift type 'BH'" }]);
  });

  it("rounds off-grid times to 15 minutes and reports it, and never guesses a missing time", () => {
    const result = parseRoster([
      sheet("S", [
        ["Date", "Shift", "Start", "End"],
        ["03/11/2026", "Day", "06:50", "19:05"],
        ["04/11/2026", "Night", "19:00", null],
        ["05/11/2026", "Day", "07:00", "07:05"],
        ["06/11/2026", "Rest", "00:00", "23:59"],
        ["07/11/2026", "Day", null, null],
      ]),
    ]);
    expect(result.rows.map((r) => [r.row, r.shiftType, r.startTime, r.endTime])).toEqual([
      [2, "day", "06:45", "19:00"],
      [3, "night", null, null],
      [5, "rest_day", null, null],
      [6, "day", null, null],
    ]);
    expect(result.adjusted).toEqual([
      { sheet: "S", row: 2, reason: "Start time 06:50 rounded to 06:45 (shift times use 15-minute steps)" },
      { sheet: "S", row: 2, reason: "End time 19:05 rounded to 19:00 (shift times use 15-minute steps)" },
      { sheet: "S", row: 3, reason: "Only a start time was given, so the shift was saved without times" },
    ]);
    expect(result.skipped).toEqual([{ sheet: "S", row: 4, reason: "Start and end times are the same (07:00)" }]);
  });

  it("reads a Times column and Excel time cells", () => {
    const result = parseRoster([
      sheet("S", [
        ["Date", "Times"],
        ["03/11/2026", "19:00 - 07:00"],
      ]),
      sheet("T", [
        ["Date", "Shift", "Start", "End"],
        [n(46340, true), "N", n(0.7916666667, true), n(0.2916666667, true)],
      ]),
    ]);
    expect(result.rows.map((r) => [r.date, r.shiftType, r.startTime, r.endTime])).toEqual([
      ["2026-11-03", "night", "19:00", "07:00"],
      ["2026-11-14", "night", "19:00", "07:00"],
    ]);
  });

  it("follows a repeated header and ignores a header further down than 20 rows", () => {
    const blocks = parseRoster([
      sheet("S", [
        ["Date", "Shift"],
        ["03/11/2026", "D"],
        ["Shift", "Date"],
        ["N", "04/11/2026"],
      ]),
    ]);
    expect(blocks.rows.map((r) => [r.date, r.shiftType])).toEqual([
      ["2026-11-03", "day"],
      ["2026-11-04", "night"],
    ]);
    const late = parseRoster([
      sheet("S", [
        ...Array.from({ length: 20 }, (_, i) => [`Title line ${i}`]),
        ["Date", "Shift"],
        ["03/11/2026", "D"],
      ]),
    ]);
    expect(late.sheetsRead).toEqual([]);
    expect(late.rows).toEqual([]);
  });
});

describe("planning one day", () => {
  const existing = (over: Partial<ExistingShift> = {}): ExistingShift => ({
    id: 1,
    shiftType: "day",
    startTime: "07:00",
    endTime: "19:00",
    notes: null,
    location: null,
    isProtected: false,
    restDayShiftInterest: false,
    ...over,
  });
  const none = new Set<number>();

  it("inserts on an empty day and rewrites the existing shift in place otherwise", () => {
    expect(planDay([], row(), none, none)).toMatchObject({ kind: "apply", insert: { shiftType: "day" }, deletes: [] });
    const plan = planDay([existing({ id: 5, shiftType: "night" }), existing({ id: 9 })], row(), none, none);
    expect(plan).toMatchObject({ kind: "apply", update: { id: 9 }, deletes: [5] });
  });

  it("leaves a day with a shift in an open swap request alone", () => {
    expect(planDay([existing({ id: 4 })], row(), new Set([4]), new Set([4]))).toEqual({
      kind: "skip",
      reason: OPEN_SWAP_REASON,
    });
  });

  it("keeps the shift a closed swap points at, and the user's flags when the kind stays", () => {
    const plan = planDay(
      [existing({ id: 2 }), existing({ id: 3, isProtected: true, notes: "mine", location: "Dudley" })],
      row({ notes: null }),
      none,
      new Set([3]),
    );
    expect(plan).toMatchObject({
      kind: "apply",
      update: { id: 3, fields: { isProtected: true, notes: "mine", location: "Dudley" } },
      deletes: [2],
    });
    const rest = planDay(
      [existing({ shiftType: "rest_day", restDayShiftInterest: true, startTime: null, endTime: null })],
      row({ shiftType: "rest_day", startTime: null, endTime: null }),
      none,
      none,
    );
    expect(rest).toMatchObject({ update: { fields: { restDayShiftInterest: true } } });
    const changed = planDay([existing({ isProtected: true })], row({ shiftType: "night" }), none, none);
    expect(changed).toMatchObject({ update: { fields: { isProtected: false, shiftType: "night" } } });
  });

  it("keeps a Seeking Coverage entry for a working row, and drops it for a rest day", () => {
    const cover = existing({ id: 7, shiftType: "seeking_coverage" });
    expect(planDay([cover], row(), none, none)).toEqual({ kind: "apply", deletes: [], kept: [7] });
    expect(planDay([cover], row({ startTime: "08:00", endTime: "20:00" }), none, none)).toMatchObject({
      update: { id: 7, fields: { shiftType: "seeking_coverage", startTime: "08:00", endTime: "20:00" } },
    });
    expect(planDay([cover, existing({ id: 8 })], row({ shiftType: "night" }), none, none)).toMatchObject({
      update: { id: 8, fields: { shiftType: "night" } },
      deletes: [],
    });
    expect(planDay([cover], row({ shiftType: "rest_day", startTime: null, endTime: null }), none, none)).toMatchObject({
      update: { id: 7, fields: { shiftType: "rest_day" } },
    });
  });
});

describe("file checks", () => {
  it("knows the two extensions, whatever their case, and their first bytes", () => {
    expect(kindFromName("Roster.XLSX")).toBe("xlsx");
    expect(kindFromName("old.xls")).toBe("xls");
    expect(kindFromName("roster.csv")).toBeUndefined();
    expect(kindFromName("xlsx")).toBeUndefined();
    const xlsx = workbook({ S: [["Date"]] });
    const xls = workbook({ S: [["Date"]] }, "biff8");
    expect(hasMagic(xlsx, "xlsx")).toBe(true);
    expect(hasMagic(xls, "xls")).toBe(true);
    expect(hasMagic(xlsx, "xls")).toBe(false);
    expect(hasMagic(Buffer.from("Date,Shift\n"), "xlsx")).toBe(false);
  });

  const limits = { maxUnpackedBytes: 50 * 1024 * 1024, maxEntries: 1000, maxRatio: 100 };

  it("passes a real workbook and refuses archives that would unpack too far, before unpacking", () => {
    const real = workbook({
      S: [
        ["Date", "Shift"],
        ["03/11/2026", "D"],
      ],
    });
    const ok = checkXlsxArchive(real, limits);
    expect("entries" in ok && ok.entries.length).toBeGreaterThan(3);

    const huge = zipArchive(workbookMembers(Buffer.alloc(60 * 1024 * 1024, 0x20)));
    expect(checkXlsxArchive(huge, limits)).toMatchObject({ status: 400, reason: /too large once unpacked/ });

    const dense = zipArchive(workbookMembers(Buffer.alloc(10 * 1024 * 1024, 0x41)));
    expect(checkXlsxArchive(dense, limits)).toMatchObject({ status: 400, reason: /more than 100 times/ });

    const many = zipArchive(
      Array.from({ length: 1001 }, (_, i) => ({ name: `xl/part${i}.xml`, data: Buffer.from("<x/>") })),
    );
    expect(checkXlsxArchive(many, limits)).toMatchObject({ status: 400, reason: /too many parts/ });

    const notExcel = zipArchive([{ name: "word/document.xml", data: Buffer.from("<w/>") }]);
    expect(checkXlsxArchive(notExcel, limits)).toMatchObject({ status: 415 });

    expect(checkXlsxArchive(Buffer.from("PK\x03\x04 and then nothing"), limits)).toMatchObject({ status: 400 });
  });

  it("catches a member that unpacks to more than its directory declares", () => {
    const lying = zipArchive(
      workbookMembers(Buffer.alloc(2 * 1024 * 1024, 0x20)).map((m) =>
        m.name.includes("sheet1") ? { ...m, declaredSize: 1000 } : m,
      ),
    );
    const checked = checkXlsxArchive(lying, limits);
    if (!("entries" in checked)) throw new Error("the directory itself looks fine");
    expect(unpackToStored(lying, checked.entries)).toEqual({
      reason: expect.stringMatching(/more than its directory declares/),
    });
    const real = workbook({
      S: [
        ["Date", "Shift"],
        ["03/11/2026", "N"],
      ],
    });
    const realChecked = checkXlsxArchive(real, limits);
    if (!("entries" in realChecked)) throw new Error("a real workbook passes");
    const unpacked = unpackToStored(real, realChecked.entries);
    if (!("archive" in unpacked)) throw new Error(unpacked.reason);
    // the same workbook, members stored: every part unpacked to its declared size
    const again = checkXlsxArchive(unpacked.archive, limits);
    if (!("entries" in again)) throw new Error("the stored archive reads back");
    expect(again.entries.map((e) => [e.name, e.method, e.size])).toEqual(
      realChecked.entries.map((e) => [e.name, 0, e.size]),
    );
    const sheet = XLSX.read(unpacked.archive, { type: "buffer" }).Sheets.S;
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })).toEqual([
      ["Date", "Shift"],
      ["03/11/2026", "N"],
    ]);
  });
});
