import type { Cell } from "./roster-values";

export type Field = "date" | "type" | "start" | "end" | "times" | "notes" | "location";

/** Column names of roster exports, compared after normalizeHeader. */
const NAMES: Record<Field, string[]> = {
  date: ["date", "shift date", "duty date", "roster date", "rota date", "work date", "start date", "date of shift"],
  type: [
    "shift",
    "duty",
    "type",
    "shift type",
    "duty type",
    "code",
    "shift code",
    "duty code",
    "rota code",
    "roster code",
    "shift name",
    "duty name",
  ],
  start: ["start", "start time", "from", "shift start", "time from", "begin", "starts", "start hhmm"],
  end: ["end", "end time", "finish", "finish time", "to", "shift end", "time to", "ends", "until", "end hhmm"],
  times: ["time", "times", "shift time", "shift times", "duty time", "duty times", "working hours"],
  notes: ["notes", "note", "comments", "comment", "remarks", "remark"],
  location: ["location", "station", "base", "site"],
};

const LOOKUP = new Map<string, Field>();
for (const [field, names] of Object.entries(NAMES) as [Field, string[]][]) {
  for (const name of names) LOOKUP.set(name, field);
}

/** 'Start Time (24h):' → 'start time'. */
export function normalizeHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/\(.*?\)|\[.*?\]/g, " ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export function headerField(cell: Cell): Field | undefined {
  if (cell === null || cell.kind !== "text") return undefined;
  return LOOKUP.get(normalizeHeader(cell.text));
}

export type Columns = Partial<Record<Field, number>>;

/**
 * The columns a row names, if it is a roster header: a date column and at least one that tells
 * the shift (type, start or times). The first column of each kind wins.
 */
export function headerColumns(cells: Cell[]): Columns | undefined {
  const columns: Columns = {};
  cells.forEach((cell, index) => {
    const field = headerField(cell);
    if (field && columns[field] === undefined) columns[field] = index;
  });
  if (columns.date === undefined) return undefined;
  if (columns.type === undefined && columns.start === undefined && columns.times === undefined) return undefined;
  return columns;
}

/** Header names in a sentence, for a message about a sheet without one. */
export const expectedHeaders = "a Date column and a Shift, Start or Times column";
