// Pure rules of the shift form (SPEC §4 'Shift type selection'); no React, unit-tested.
import { isCalendarDay } from "@common/dates";
import type { ShiftType } from "@common/enums";
import { DEFAULT_TIMES, shiftTypeLabels } from "@common/shift-rules";
import type { Shift } from "@common/shifts";
import type { ShiftChoice } from "@/lib/shift-style";
import { formatTimeRange } from "@/lib/shift-times";

export const shiftChoices: { value: ShiftChoice; label: string }[] = [
  { value: "day", label: "Day Shift" },
  { value: "night", label: "Night Shift" },
  { value: "rest_day", label: "Rest Day" },
  { value: "available_off_day", label: "Available Off Day" },
  { value: "annual_leave", label: "Annual Leave" },
  { value: "seeking_coverage", label: "Seeking Coverage" },
];

export type ShiftFormState = {
  date: string;
  shiftType: ShiftType;
  restDayShiftInterest: boolean;
  startTime: string | null;
  endTime: string | null;
  isProtected: boolean;
  notes: string;
};

export const USING_DEFAULT_TIMES = "Using default times";
export const PRESERVING_TIMES = "Preserving original shift times";

const hasTimes = (s: { startTime: string | null; endTime: string | null }) => Boolean(s.startTime && s.endTime);

const isDefaultDay = (t: { startTime: string | null; endTime: string | null }) =>
  t.startTime === DEFAULT_TIMES.day.startTime && t.endTime === DEFAULT_TIMES.day.endTime;

/** '2031-03-04' → '04/03/2031': the form shows British dates whatever the browser's language. */
export function ukDateText(day: string): string {
  if (!isCalendarDay(day)) return "";
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}

/** What a person types as day/month/year ('4/3/2031', '04-03-2031', '04.03.2031') as a day, else null. */
export function dayFromUkText(text: string): string | null {
  const parts = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!parts) return null;
  const day = `${parts[3]}-${parts[2].padStart(2, "0")}-${parts[1].padStart(2, "0")}`;
  return isCalendarDay(day) ? day : null;
}

/** A blank form for a day. */
export function emptyForm(date: string): ShiftFormState {
  return {
    date,
    shiftType: "day",
    restDayShiftInterest: false,
    ...DEFAULT_TIMES.day,
    isProtected: false,
    notes: "",
  };
}

/** The form filled from a stored shift, for editing. */
export function formFromShift(s: Shift): ShiftFormState {
  return {
    date: s.date,
    shiftType: s.shiftType,
    restDayShiftInterest: s.shiftType === "rest_day" && s.restDayShiftInterest,
    startTime: s.startTime,
    endTime: s.endTime,
    isProtected: s.isProtected,
    notes: s.notes ?? "",
  };
}

/**
 * Applies a type choice: default day and night times, times cleared for leave and rest days, and
 * for seeking coverage, in order: another timed day/night shift that day ('Auto-matched with ...'),
 * the times of the shift being converted ('Preserving original shift times'), the form's own
 * non-default times, else 07:00–19:00 ('Using default times').
 */
export function applyChoice(
  form: ShiftFormState,
  choice: ShiftChoice,
  ctx: { sameDayShifts: Shift[]; editing?: Shift | null },
): { form: ShiftFormState; message: string | null } {
  const base = { ...form, restDayShiftInterest: false };
  switch (choice) {
    case "day":
    case "night":
      return { form: { ...base, shiftType: choice, ...DEFAULT_TIMES[choice] }, message: null };
    case "annual_leave":
    case "rest_day":
      return { form: { ...base, shiftType: choice, startTime: null, endTime: null }, message: null };
    case "available_off_day":
      return {
        form: { ...base, shiftType: "rest_day", restDayShiftInterest: true, startTime: null, endTime: null },
        message: null,
      };
    case "seeking_coverage": {
      const next = { ...base, shiftType: "seeking_coverage" as const };
      const match = ctx.sameDayShifts.find(
        (s) =>
          s.id !== ctx.editing?.id &&
          s.date === form.date &&
          (s.shiftType === "day" || s.shiftType === "night") &&
          hasTimes(s),
      );
      if (match) {
        return {
          form: { ...next, startTime: match.startTime, endTime: match.endTime },
          message: `Auto-matched with ${shiftTypeLabels[match.shiftType]} (${formatTimeRange(match.startTime!, match.endTime!)})`,
        };
      }
      if (ctx.editing && ctx.editing.shiftType !== "seeking_coverage" && hasTimes(ctx.editing)) {
        return {
          form: { ...next, startTime: ctx.editing.startTime, endTime: ctx.editing.endTime },
          message: PRESERVING_TIMES,
        };
      }
      if (hasTimes(form) && !isDefaultDay(form)) return { form: next, message: null };
      return { form: { ...next, ...DEFAULT_TIMES.day }, message: USING_DEFAULT_TIMES };
    }
  }
}

/** The body the form sends (SPEC §4): type, ISO date, times, notes, and the off-day flag. */
export function toSubmission(form: ShiftFormState, userId: number) {
  const untimed = form.shiftType === "rest_day" || form.shiftType === "annual_leave";
  return {
    userId,
    shiftType: form.shiftType,
    date: form.date,
    startTime: untimed ? null : form.startTime,
    endTime: untimed ? null : form.endTime,
    location: "",
    notes: form.notes.trim(),
    isProtected: form.isProtected,
    restDayShiftInterest: form.shiftType === "rest_day" ? form.restDayShiftInterest : false,
  };
}
