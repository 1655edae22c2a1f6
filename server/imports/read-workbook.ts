import * as XLSX from "@e965/xlsx";
import type { WorkbookKind } from "./file-type";
import { MAX_COLUMNS, MAX_DATA_ROWS_PER_SHEET } from "./limits";
import { parseRoster, type RosterParse, type SheetRows } from "./roster-parse";
import { type Cell, numberCell, textCell } from "./roster-values";
import { unpackToStored, type ZipEntry } from "./zip-check";

/** A file the import cannot read; the message is shown to the user as it is. */
export class RosterFileError extends Error {}

/** Title and blank rows a sheet may have above its roster, beyond the data-row limit. */
const ROWS_ABOVE_DATA = 100;
const ROWS_READ = MAX_DATA_ROWS_PER_SHEET + ROWS_ABOVE_DATA;

function toCell(c: XLSX.CellObject | undefined): Cell {
  if (!c) return null;
  switch (c.t) {
    case "s":
      return typeof c.v === "string" && c.v.trim() ? textCell(c.v) : null;
    case "n":
      return typeof c.v === "number" && Number.isFinite(c.v)
        ? numberCell(c.v, typeof c.z === "string" && XLSX.SSF.is_date(c.z))
        : null;
    case "b":
      return textCell(c.v ? "TRUE" : "FALSE");
    default:
      // errors (#N/A) and stubs carry nothing a roster needs
      return null;
  }
}

/**
 * The rows of a sheet that hold cells. A sheet is judged by those, not by the size it declares:
 * LibreOffice saves an empty sheet as the whole grid (A1:AMJ1048576). Reading stops one row past
 * the limit, so a roster longer than the limit shows as a cell in that last row.
 */
function sheetRows(name: string, sheet: XLSX.WorkSheet): SheetRows {
  const data = (sheet["!data"] ?? []) as (XLSX.CellObject[] | undefined)[];
  const rows: SheetRows["rows"] = [];
  data.forEach((line, r) => {
    if (!line) return;
    const cells: Cell[] = [];
    const width = Math.min(line.length, MAX_COLUMNS);
    let any = false;
    for (let c = 0; c < width; c++) {
      const cell = toCell(line[c]);
      cells.push(cell);
      if (cell) any = true;
    }
    if (any) rows.push({ row: r + 1, cells });
  });
  const last = rows[rows.length - 1];
  if (last && last.row > ROWS_READ) {
    throw new RosterFileError(
      `The sheet '${name}' has more than ${ROWS_READ.toLocaleString("en-GB")} rows; a roster can have at most ${MAX_DATA_ROWS_PER_SHEET.toLocaleString("en-GB")}. Delete the rows you do not need and try again.`,
    );
  }
  return { name, rows };
}

function readError(error: unknown): RosterFileError {
  if (error instanceof RosterFileError) return error;
  const text = error instanceof Error ? error.message : String(error);
  if (/password|encrypt/i.test(text)) {
    return new RosterFileError("The workbook is password-protected. Save it without a password and try again.");
  }
  return new RosterFileError(
    "The file could not be read as an Excel workbook. Open it in Excel, save it again as .xlsx and try again.",
  );
}

/**
 * Reads a workbook's sheets into roster rows (runs in the parsing worker). For an .xlsx, `entries`
 * is its checked ZIP directory: every member is unpacked against its declared size first.
 */
export function readRoster(bytes: Uint8Array, kind: WorkbookKind, entries?: ZipEntry[]): RosterParse {
  let buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === "xlsx" && entries) {
    const unpacked = unpackToStored(buffer, entries);
    if ("reason" in unpacked) throw new RosterFileError(unpacked.reason);
    buffer = unpacked.archive;
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(buffer, {
      type: "buffer",
      dense: true,
      cellNF: true,
      cellText: false,
      cellHTML: false,
      cellFormula: false,
      sheetRows: ROWS_READ + 1,
    });
  } catch (error) {
    throw readError(error);
  }
  const sheets = workbook.SheetNames.map((name) => sheetRows(name, workbook.Sheets[name] ?? {}));
  return parseRoster(sheets, { date1904: Boolean(workbook.Workbook?.WBProps?.date1904) });
}
