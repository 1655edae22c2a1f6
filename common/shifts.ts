import { z } from "zod";
import { isCalendarDay, toCalendarDay } from "./dates";
import { type ShiftType, shiftTypes } from "./enums";

/** A shift as every endpoint returns it. */
export const shiftSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  date: z.string(),
  shiftType: z.enum(shiftTypes),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  isProtected: z.boolean(),
  restDayShiftInterest: z.boolean(),
  createdAt: z.string(),
});
export type Shift = z.infer<typeof shiftSchema>;

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

export const shiftTimeSchema = z.string({ message: TIME_MESSAGE }).regex(TIME_PATTERN, TIME_MESSAGE);

/** 'yyyy-MM-dd' or a full ISO timestamp (which becomes its Europe/London day). */
export const shiftDateSchema = z
  .string({ message: DATE_MESSAGE })
  .max(40, DATE_MESSAGE)
  .refine((v) => toCalendarDay(v) !== undefined, DATE_MESSAGE)
  .transform((v) => toCalendarDay(v) as string);

export const calendarDaySchema = z
  .string({ message: DATE_MESSAGE })
  .refine((v) => isCalendarDay(v), "Dates must be real days in yyyy-MM-dd form");

const fields = {
  shiftType: z.enum(shiftTypes, { message: SHIFT_TYPE_MESSAGE }),
  startTime: shiftTimeSchema.nullable().optional(),
  endTime: shiftTimeSchema.nullable().optional(),
  location: z.string().trim().max(200, "Location must be at most 200 characters").nullable().optional(),
  notes: z.string().trim().max(2000, "Notes must be at most 2000 characters").nullable().optional(),
  isProtected: z.boolean({ message: "isProtected must be true or false" }).optional(),
  restDayShiftInterest: z.boolean({ message: "restDayShiftInterest must be true or false" }).optional(),
  // The client form sends its own id (SPEC §4); the server always uses the signed-in user.
  userId: z.unknown().optional(),
};

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

/** Body of POST /api/shifts (and the shift form's submission). */
export const shiftInputSchema = z
  .object({ date: shiftDateSchema, ...fields, shiftType: fields.shiftType })
  .superRefine((v, ctx) => {
    if (isUntimedType(v.shiftType)) return;
    const issue = timePairIssue(v);
    if (issue) ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
  });
export type ShiftInput = z.input<typeof shiftInputSchema>;
export type ShiftInputParsed = z.output<typeof shiftInputSchema>;

/** Body of PATCH /api/shifts/{id}: any subset; the merged shift is checked by the server. */
export const shiftUpdateSchema = z.object({
  date: shiftDateSchema.optional(),
  ...fields,
  shiftType: fields.shiftType.optional(),
});
export type ShiftUpdate = z.output<typeof shiftUpdateSchema>;

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
export const isAvailableOffDay = (s: Pick<Shift, "shiftType" | "restDayShiftInterest">) =>
  s.shiftType === "rest_day" && s.restDayShiftInterest;

/** Body of POST /api/availability and PATCH /api/availability/{id}. */
export const availabilityStatusSchema = z.enum(["available", "unavailable", "rest"], {
  message: "Status must be available, unavailable or rest",
});
export const availabilityCreateSchema = z.object({ date: shiftDateSchema, status: availabilityStatusSchema });
export const availabilityUpdateSchema = z.object({ status: availabilityStatusSchema });

export type Availability = {
  id: number;
  userId: number;
  date: string;
  status: "available" | "unavailable" | "rest";
};

/** The longest range GET /api/availability answers (two years of days). */
export const MAX_AVAILABILITY_RANGE_DAYS = 731;

/**
 * The field of a 409 on a shift change that would take away the Available Off Day an open swap
 * request relies on; the client asks, then repeats the change with `?confirmSwapChange=true`.
 */
export const CONFIRM_SWAP_CHANGE = "confirmSwapChange";

/** `?confirmSwapChange=true` on a calendar change: yes, take that Available Off Day away. */
export const confirmSwapChangeQuery = z.object({ [CONFIRM_SWAP_CHANGE]: z.enum(["true", "false"]).optional() });
