import { z } from "zod";
import { isCalendarDay, toCalendarDay } from "./dates";
import { availabilityStatuses, shiftTypes } from "./enums";
import {
  CONFIRM_SWAP_CHANGE,
  DATE_MESSAGE,
  isUntimedType,
  SHIFT_TYPE_MESSAGE,
  TIME_MESSAGE,
  TIME_PATTERN,
  timePairIssue,
} from "./shift-rules";

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

/** DELETE /api/shifts/:id: the shift that is gone. */
export const deletedShiftSchema = z.object({ id: z.number().int() });
export type DeletedShift = z.infer<typeof deletedShiftSchema>;

/** DELETE /api/shifts/clear/...: how many shifts went. */
export const clearedShiftsSchema = z.object({ deletedCount: z.number().int() });
export type ClearedShifts = z.infer<typeof clearedShiftsSchema>;

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

/** Body of POST /api/shifts (and the shift form's submission). */
export const shiftInputSchema = z
  .object({ date: shiftDateSchema, ...fields, shiftType: fields.shiftType })
  .superRefine((v, ctx) => {
    if (isUntimedType(v.shiftType)) return;
    const issue = timePairIssue(v);
    if (issue) ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
  });
export type ShiftInput = z.input<typeof shiftInputSchema>;

/** Body of PATCH /api/shifts/{id}: any subset; the merged shift is checked by the server. */
export const shiftUpdateSchema = z.object({
  date: shiftDateSchema.optional(),
  ...fields,
  shiftType: fields.shiftType.optional(),
});
export type ShiftUpdate = z.output<typeof shiftUpdateSchema>;

/** Body of POST /api/availability and PATCH /api/availability/{id}. */
export const availabilityStatusSchema = z.enum(["available", "unavailable", "rest"], {
  message: "Status must be available, unavailable or rest",
});
export const availabilityCreateSchema = z.object({ date: shiftDateSchema, status: availabilityStatusSchema });
export const availabilityUpdateSchema = z.object({ status: availabilityStatusSchema });

/** A day's availability as every availability endpoint returns it. */
export const availabilitySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  date: z.string(),
  status: z.enum(availabilityStatuses),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** `?confirmSwapChange=true` on a calendar change: yes, take that Available Off Day away. */
export const confirmSwapChangeQuery = z.object({ [CONFIRM_SWAP_CHANGE]: z.enum(["true", "false"]).optional() });
