import type { ShiftType } from "./enums";

// The rules and words of shifts, without their schemas (./shifts): what the browser needs to draw a
// calendar, kept apart so a screen does not load the validation library for it.

/** SPEC §9 defaults and the display fallback for untimed shifts. */
export const DEFAULT_TIMES = {
  day: { startTime: "07:00", endTime: "19:00" },
  night: { startTime: "19:00", endTime: "07:00" },
} as const;
export const DISPLAY_FALLBACK_TIMES = {
  day: { startTime: "06:00", endTime: "18:00" },
  night: { startTime: "18:00", endTime: "06:00" },
} as const;
export const TIME_STEP_MINUTES = 15;

/**
 * Day or night from a shift's times (minutes after midnight), for entries whose type does not say:
 * a shift that runs past midnight or starts before 05:00 is a night; a late 14:00–22:00 is a day.
 */
export function isNightByTimes(start: number, end: number): boolean {
  return start < 5 * 60 || end <= start;
}

/** Types that never carry times. */
export const untimedShiftTypes: readonly ShiftType[] = ["rest_day", "annual_leave"];
export const isUntimedType = (t: ShiftType) => untimedShiftTypes.includes(t);

export const TIME_PATTERN = /^([01]\d|2[0-3]):(00|15|30|45)$/;
export const TIME_MESSAGE = "Times must be HH:MM on a 15-minute step";
export const DATE_MESSAGE = "Please enter a valid date";
export const SHIFT_TYPE_MESSAGE = "Please choose a valid shift type";

type TimeFields = { startTime?: string | null; endTime?: string | null };

/** Both times or neither, and never the same instant twice. */
export function timePairIssue(v: TimeFields): { field: "startTime" | "endTime"; message: string } | null {
  const start = v.startTime ?? null;
  const end = v.endTime ?? null;
  if (start && !end) return { field: "endTime", message: "End time is required when a start time is given" };
  if (end && !start) return { field: "startTime", message: "Start time is required when an end time is given" };
  if (start && end && start === end) return { field: "endTime", message: "End time must differ from start time" };
  return null;
}

/** The stored fields of a shift, as service functions take them. */
export type ShiftFields = {
  date: string;
  shiftType: ShiftType;
  startTime?: string | null;
  endTime?: string | null;
  location?: string | null;
  notes?: string | null;
  isProtected?: boolean;
  restDayShiftInterest?: boolean;
};

export type NormalizedShiftFields = Required<ShiftFields>;

/**
 * The invariants every stored shift keeps: rest days and leave have no times, only a rest day can
 * be an Available Off Day, an empty location or note is null.
 */
export function normalizeShiftFields(f: ShiftFields): NormalizedShiftFields {
  const untimed = isUntimedType(f.shiftType);
  const blank = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
  return {
    date: f.date,
    shiftType: f.shiftType,
    startTime: untimed ? null : (f.startTime ?? null),
    endTime: untimed ? null : (f.endTime ?? null),
    location: blank(f.location),
    notes: blank(f.notes),
    isProtected: f.isProtected ?? false,
    restDayShiftInterest: f.shiftType === "rest_day" ? (f.restDayShiftInterest ?? false) : false,
  };
}

export const shiftTypeLabels: Record<ShiftType, string> = {
  day: "Day Shift",
  night: "Night Shift",
  rest_day: "Rest Day",
  annual_leave: "Annual Leave",
  seeking_coverage: "Seeking Coverage",
};

/** True when the shift is an Available Off Day. */
export const isAvailableOffDay = (s: { shiftType: ShiftType; restDayShiftInterest: boolean }) =>
  s.shiftType === "rest_day" && s.restDayShiftInterest;

/** The longest range GET /api/availability answers (two years of days). */
export const MAX_AVAILABILITY_RANGE_DAYS = 731;

/**
 * The field of a 409 on a shift change that would take away the Available Off Day an open swap
 * request relies on; the client asks, then repeats the change with `?confirmSwapChange=true`.
 */
export const CONFIRM_SWAP_CHANGE = "confirmSwapChange";
