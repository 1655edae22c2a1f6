import type { ShiftType } from "../../common/enums";
import type { RowNote } from "../../common/imports";
import { isUntimedType } from "../../common/shift-rules";
import { HEADER_SCAN_ROWS, LOCATION_MAX, NOTES_MAX } from "./limits";
import { isAbsenceCode, parseShiftCode, type ShiftKind } from "./roster-codes";
import { type Columns, type Field, headerColumns } from "./roster-columns";
import {
  type Cell,
  cellText,
  formatMinutes,
  isBlank,
  type Minutes,
  type Parsed,
  parseRosterDate,
  parseRosterTime,
  parseTimeRange,
  quote,
  snapToStep,
  typeFromTimes,
} from "./roster-values";

/** One sheet as the workbook reader hands it over; `row` is the row number Excel shows. */
export type SheetRows = { name: string; rows: { row: number; cells: Cell[] }[] };

/** A shift read from one row of the file. */
export type RosterRow = {
  sheet: string;
  row: number;
  date: string;
  shiftType: ShiftType;
  startTime: string | null;
  endTime: string | null;
  notes: string | null;
  location: string | null;
  restDayShiftInterest: boolean;
};

/** A row the import skipped, or a change it made to a row, told to the user. */

export type RosterParse = {
  rows: RosterRow[];
  skipped: RowNote[];
  adjusted: RowNote[];
  /** Sheets in which a header row was found. */
  sheetsRead: string[];
  sheetsWithoutHeader: string[];
};

type RowResult = Parsed<{ shift: Omit<RosterRow, "sheet" | "row">; adjusted: string[] }>;

const fail = (reason: string): RowResult => ({ ok: false, reason });

const minutesOf = (hhmm: string): Minutes => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** 2026-11-03 → 03/11/2026, the way the user's roster writes it. */
export const ukDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

function clip(text: string, max: number, what: string, adjusted: string[]): string | null {
  const t = text.trim();
  if (!t) return null;
  if (t.length <= max) return t;
  adjusted.push(`${what} cut to ${max} characters`);
  return t.slice(0, max);
}

/** Times of a working shift, on the 15-minute grid; every change is reported. */
function shiftTimes(
  start: Parsed<Minutes> | null,
  end: Parsed<Minutes> | null,
  adjusted: string[],
): Parsed<{ startTime: string | null; endTime: string | null }> {
  if (start && !start.ok) return start;
  if (end && !end.ok) return end;
  if (!start && !end) return { ok: true, value: { startTime: null, endTime: null } };
  if (!start || !end) {
    adjusted.push(`Only ${start ? "a start" : "an end"} time was given, so the shift was saved without times`);
    return { ok: true, value: { startTime: null, endTime: null } };
  }
  const snap = (m: Minutes, what: string) => {
    const s = snapToStep(m);
    if (s !== m) {
      adjusted.push(`${what} ${formatMinutes(m)} rounded to ${formatMinutes(s)} (shift times use 15-minute steps)`);
    }
    return formatMinutes(s);
  };
  const startTime = snap(start.value, "Start time");
  const endTime = snap(end.value, "End time");
  if (startTime === endTime) return { ok: false, reason: `Start and end times are the same (${startTime})` };
  return { ok: true, value: { startTime, endTime } };
}

/** Reads one data row under a header. */
export function parseRow(cells: Cell[], columns: Columns, date1904 = false): RowResult {
  const get = (f: Field): Cell => (columns[f] === undefined ? null : (cells[columns[f]] ?? null));
  const adjusted: string[] = [];

  const dateCell = get("date");
  if (isBlank(dateCell)) return fail("No date in this row");
  const date = parseRosterDate(dateCell, date1904);
  if (!date.ok) return fail(date.reason);

  let start = parseRosterTime(get("start"), "start time");
  let end = parseRosterTime(get("end"), "end time");
  if (!start && !end) {
    const range = parseTimeRange(get("times"));
    if (range && !range.ok) return fail(range.reason);
    if (range?.ok) {
      start = { ok: true, value: range.value[0] };
      end = { ok: true, value: range.value[1] };
    }
  }

  const typeText = cellText(get("type"));
  if (typeText && isAbsenceCode(typeText)) {
    return fail(`${quote(typeText)} is an absence, not a shift, so the row was not imported`);
  }
  let kind: ShiftKind | undefined = typeText ? parseShiftCode(typeText) : undefined;
  let codeNote: string | null = null;
  if (!kind) {
    if (start?.ok) {
      kind = { shiftType: typeFromTimes(start.value, end?.ok ? end.value : null) };
      if (typeText) {
        const label = kind.shiftType === "day" ? "day" : "night";
        adjusted.push(`Unknown shift code ${quote(typeText)}: saved as a ${label} shift from its start time`);
        codeNote = typeText;
      }
    } else if (typeText) {
      return fail(`Unknown shift type ${quote(typeText)}`);
    } else if (start && !start.ok) {
      return fail(start.reason);
    } else {
      return fail("No shift type or start time in this row");
    }
  }

  let times: { startTime: string | null; endTime: string | null } = { startTime: null, endTime: null };
  if (!isUntimedType(kind.shiftType)) {
    const t = shiftTimes(start, end, adjusted);
    if (!t.ok) return fail(t.reason);
    times = t.value;
  }
  let shiftType = kind.shiftType;
  if (kind.byTimes && times.startTime && times.endTime) {
    shiftType = typeFromTimes(minutesOf(times.startTime), minutesOf(times.endTime));
  }

  const noteText = [codeNote, cellText(get("notes"))].filter(Boolean).join(" · ");
  return {
    ok: true,
    value: {
      shift: {
        date: date.value,
        shiftType,
        ...times,
        notes: clip(noteText, NOTES_MAX, "Notes", adjusted),
        location: clip(cellText(get("location")), LOCATION_MAX, "Location", adjusted),
        restDayShiftInterest: kind.restDayShiftInterest ?? false,
      },
      adjusted,
    },
  };
}

/**
 * Reads every sheet: finds its header row among the first non-blank rows, then turns each row
 * below into a shift or a reported skip. Blank rows are not rows; a repeated header (a roster
 * printed in blocks) switches to its columns. The first row for a date wins; later ones are skipped.
 */
export function parseRoster(sheets: SheetRows[], opts: { date1904?: boolean } = {}): RosterParse {
  const result: RosterParse = { rows: [], skipped: [], adjusted: [], sheetsRead: [], sheetsWithoutHeader: [] };
  const firstRowOf = new Map<string, { sheet: string; row: number }>();

  for (const sheet of sheets) {
    let columns: Columns | undefined;
    let looked = 0;
    for (const { row, cells } of sheet.rows) {
      if (cells.every(isBlank)) continue;
      const header = headerColumns(cells);
      if (header) {
        columns = header;
        continue;
      }
      if (!columns) {
        looked += 1;
        if (looked >= HEADER_SCAN_ROWS) break;
        continue;
      }
      const at = { sheet: sheet.name, row };
      const parsed = parseRow(cells, columns, opts.date1904);
      if (!parsed.ok) {
        result.skipped.push({ ...at, reason: parsed.reason });
        continue;
      }
      const { shift, adjusted } = parsed.value;
      const first = firstRowOf.get(shift.date);
      if (first) {
        const where = first.sheet === sheet.name ? `row ${first.row}` : `row ${first.row} of sheet '${first.sheet}'`;
        result.skipped.push({ ...at, reason: `Duplicate date: ${ukDate(shift.date)} is already on ${where}` });
        continue;
      }
      firstRowOf.set(shift.date, at);
      result.rows.push({ ...at, ...shift });
      for (const reason of adjusted) result.adjusted.push({ ...at, reason });
    }
    (columns ? result.sheetsRead : result.sheetsWithoutHeader).push(sheet.name);
  }
  return result;
}
