import type { ShiftType } from "../../common/enums";

// Shift words and codes of employer rosters.

export type ShiftKind = {
  shiftType: ShiftType;
  restDayShiftInterest?: boolean;
  /** A code that is a day in one service and a night in another: its times decide. */
  byTimes?: boolean;
};

/**
 * Words and codes of employer rosters. Single letters are ambiguous between systems; this reader
 * takes 'L' as Late and 'A' as annual leave (as 'AL'). 'Leave' and 'Holiday' in full are annual
 * leave. A Late is usually 14:00–22:00 but a night in some services, so its times decide.
 */
const CODES: Record<string, ShiftKind> = {};
const add = (kind: ShiftKind, words: string[]) => {
  for (const w of words) CODES[w] = kind;
};
add({ shiftType: "day" }, [
  "day",
  "days",
  "d",
  "day shift",
  "day duty",
  "early",
  "earlies",
  "e",
  "early shift",
  "ld",
  "long day",
  "long days",
  "long day shift",
  "long",
]);
add({ shiftType: "night" }, ["night", "nights", "n", "night shift", "night duty", "ln", "long night"]);
// Without times a Late is taken as the usual 14:00–22:00: a day shift.
add({ shiftType: "day", byTimes: true }, ["late", "lates", "l", "late shift"]);
add({ shiftType: "rest_day" }, ["rest", "rest day", "rest days", "rd", "r", "off", "day off", "off duty", "rdo"]);
add({ shiftType: "rest_day", restDayShiftInterest: true }, [
  "available",
  "available off day",
  "available rest day",
  "aod",
]);
add({ shiftType: "annual_leave" }, [
  "annual leave",
  "al",
  "a",
  "annual",
  "leave",
  "holiday",
  "holidays",
  "hol",
  "hols",
]);
add({ shiftType: "seeking_coverage" }, ["seeking coverage", "seeking cover", "cover needed", "sc"]);

/** Absences an employer roster lists among the shifts: no shift to record, so such a row is skipped. */
const ABSENCES = new Set(["sick", "sickness", "sick leave", "absent", "absence", "abs", "awol"]);

export function isAbsenceCode(text: string): boolean {
  return ABSENCES.has(normalizeCode(text));
}

export function normalizeCode(text: string): string {
  return text
    .toLowerCase()
    .replace(/\(.*?\)/g, " ")
    .replace(/[/.']/g, "")
    .replace(/[_\-:,]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The shift a roster word or code stands for; codes with a number (D1, N2, LD12) count as their letters. */
export function parseShiftCode(text: string): ShiftKind | undefined {
  const code = normalizeCode(text);
  if (!code) return undefined;
  if (CODES[code]) return CODES[code];
  const numbered = code.match(/^([a-z]+(?: [a-z]+)*) ?\d+[a-z]?$/);
  if (numbered && CODES[numbered[1]]) return CODES[numbered[1]];
  return undefined;
}
