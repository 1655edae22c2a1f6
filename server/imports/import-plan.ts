import type { ShiftType } from "../../common/enums";
import type { ShiftRow } from "../db/schema";
import type { RosterRow } from "./roster-parse";

export type ExistingShift = Pick<
  ShiftRow,
  "id" | "shiftType" | "startTime" | "endTime" | "notes" | "location" | "isProtected" | "restDayShiftInterest"
>;

export type NewShiftFields = {
  date: string;
  shiftType: ShiftType;
  startTime: string | null;
  endTime: string | null;
  notes: string | null;
  location: string | null;
  isProtected: boolean;
  restDayShiftInterest: boolean;
};

/** What one imported row does to the user's day. */
export type DayPlan =
  | { kind: "skip"; reason: string }
  | {
      kind: "apply";
      /** An existing shift rewritten in place (its id, and so any swap history pointing at it, stays). */
      update?: { id: number; fields: NewShiftFields };
      insert?: NewShiftFields;
      deletes: number[];
      /** An existing shift left as it is that stands for the imported row. */
      kept: number[];
    };

export const OPEN_SWAP_REASON = "This date has a shift in an open swap request, so it was left as it is";
export const OPEN_OFF_DAY_REASON =
  "This date is your Available Off Day in an open swap request, so it was left as it is";

const working = (t: ShiftType) => t === "day" || t === "night";

const ukDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The report of a row left alone because a completed swap changed its day (DESIGN §5.19). */
export function keptSwapReason(name: string, date: string, grsApproved: boolean): string {
  return grsApproved
    ? `Kept your swap with ${name} on ${ukDate(date)}; it is marked approved on GRS, but your roster file still does not show it. Please check your roster with your rostering team.`
    : `Kept your swap with ${name} on ${ukDate(date)}; your roster file does not show it yet. Has it been approved on GRS?`;
}

/** True when the day already holds what the row says (its kind, and its times when it gives them). */
export function showsDay(existing: ExistingShift[], row: RosterRow): boolean {
  return existing.some(
    (s) =>
      s.shiftType === row.shiftType &&
      (row.startTime === null || (s.startTime === row.startTime && s.endTime === row.endTime)),
  );
}

/** The stored fields for a row, keeping what the user set on that day when the shift stays the same kind. */
function fieldsFor(row: RosterRow, previous?: ExistingShift): NewShiftFields {
  const same = previous?.shiftType === row.shiftType;
  return {
    date: row.date,
    shiftType: row.shiftType,
    startTime: row.startTime,
    endTime: row.endTime,
    notes: row.notes ?? (same ? previous.notes : null),
    location: row.location ?? (same ? previous.location : null),
    isProtected: same ? previous.isProtected : false,
    restDayShiftInterest:
      row.shiftType === "rest_day" && (row.restDayShiftInterest || (same && previous.restDayShiftInterest)),
  };
}

/** The shift to rewrite: one a swap's history points at, else one of the same kind, else the oldest. */
function pickTarget(candidates: ExistingShift[], row: RosterRow, referenced: Set<number>): ExistingShift | undefined {
  const byId = [...candidates].sort((a, b) => a.id - b.id);
  return (
    byId.find((s) => referenced.has(s.id)) ?? byId.find((s) => s.shiftType === row.shiftType) ?? byId[0] ?? undefined
  );
}

/**
 * Plans one day of an import (DESIGN §5.12: the file replaces what the user has on the days it
 * covers), without losing what only CrewSwap knows:
 * - a day holding a shift of an open (pending or accepted) swap request is left alone and reported,
 *   since replacing it would pull the shift out from under the request;
 * - a shift that stays the same kind keeps the user's Protected flag, Available Off Day flag, notes
 *   and location unless the file gives its own;
 * - shifts are rewritten in place rather than deleted and re-created, so completed swaps keep
 *   their history;
 * - a Seeking Coverage entry survives a day or night row for its day (the roster still says the
 *   user works then, and they still want cover); when it is the day's only shift it takes the
 *   row's times.
 */
export function planDay(
  existing: ExistingShift[],
  row: RosterRow,
  openSwapShiftIds: Set<number>,
  referencedShiftIds: Set<number>,
): DayPlan {
  if (existing.some((s) => openSwapShiftIds.has(s.id))) return { kind: "skip", reason: OPEN_SWAP_REASON };

  const coverage = working(row.shiftType) ? existing.filter((s) => s.shiftType === "seeking_coverage") : [];
  const others = existing.filter((s) => !coverage.includes(s));

  if (coverage.length > 0 && others.length === 0) {
    const [first] = coverage;
    if (!row.startTime || (first.startTime === row.startTime && first.endTime === row.endTime)) {
      return { kind: "apply", deletes: [], kept: [first.id] };
    }
    const fields: NewShiftFields = {
      ...fieldsFor(row, first),
      shiftType: "seeking_coverage",
      notes: first.notes,
      location: first.location,
      isProtected: first.isProtected,
      restDayShiftInterest: false,
    };
    return { kind: "apply", update: { id: first.id, fields }, deletes: [], kept: [] };
  }

  // Seeking Coverage entries beside a working shift are not in `others`, so they stay untouched.
  const target = pickTarget(others, row, referencedShiftIds);
  const deletes = others.filter((s) => s !== target).map((s) => s.id);
  if (!target) return { kind: "apply", insert: fieldsFor(row), deletes, kept: [] };
  return { kind: "apply", update: { id: target.id, fields: fieldsFor(row, target) }, deletes, kept: [] };
}
