import { z } from "zod";
import { toCalendarDay } from "./dates";
import { clinicalGrades, swapUrgencies } from "./enums";
import { hubChoices, hubs } from "./hubs";
import { shiftSchema } from "./shifts";

/** What the clinician browser may show of a colleague: no email, phone or password. */
export const hubClinicianSchema = z.strictObject({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  clinicalGrade: z.enum(clinicalGrades),
  hub: z.enum(hubs).nullable(),
  paramedicBase: z.string().nullable(),
  swapUrgency: z.enum(swapUrgencies),
  activelySeekingSwaps: z.boolean(),
});
export type HubClinician = z.infer<typeof hubClinicianSchema>;

/** One item of GET /api/users/hub/{hub} (SPEC §3 'Hub listing item'). */
export const hubListingItemSchema = z.object({
  clinician: hubClinicianSchema,
  /** Future Available Off Days (rest days marked open to a swap), within the range when given; soonest first. */
  restDays: z.array(shiftSchema),
  /** Future Seeking Coverage shifts, within the range when given; soonest first. */
  seekingCoverageShifts: z.array(shiftSchema),
});
export type HubListingItem = z.infer<typeof hubListingItemSchema>;

/**
 * Each list of an item holds at most this many shifts, the soonest first, so a colleague who marks a
 * whole year stays one small row; a date range reaches later days.
 */
export const HUB_SHIFT_LIMIT = 5;

/** Clinicians per page of GET /api/users/hub/{hub} when the caller does not ask for a size. */
export const HUB_PAGE_SIZE = 12;
const HUB_PAGE_MAX = 100;

export const HUB_MESSAGE = "Please select a hub to continue";
export const RANGE_DATE_MESSAGE = "Please enter a valid date";
export const RANGE_ORDER_MESSAGE = "The end date must be on or after the start date";
export const PAGE_SIZE_MESSAGE = `Page size must be a whole number from 1 to ${HUB_PAGE_MAX}`;
export const PAGE_CURSOR_MESSAGE = "This page link is not valid. Please reload the list.";

export const hubParamSchema = z.object({
  hub: z.enum(hubChoices, { error: HUB_MESSAGE }),
});

/** yyyy-MM-dd or an ISO timestamp, read as its Europe/London day. */
const rangeDay = z
  .string({ error: RANGE_DATE_MESSAGE })
  .max(40, RANGE_DATE_MESSAGE)
  .refine((v) => toCalendarDay(v) !== undefined, RANGE_DATE_MESSAGE)
  .transform((v) => toCalendarDay(v) as string);

const rangeFields = { fromDate: rangeDay.optional(), toDate: rangeDay.optional() };

const inOrder = (v: { fromDate?: string; toDate?: string }, ctx: z.RefinementCtx) => {
  if (v.fromDate && v.toDate && v.fromDate > v.toDate) {
    ctx.addIssue({ code: "custom", path: ["toDate"], message: RANGE_ORDER_MESSAGE });
  }
};

export const hubRangeSchema = z.object(rangeFields).superRefine(inOrder);
export type HubRange = z.output<typeof hubRangeSchema>;

/**
 * The list is paged (docs/decisions/008): `limit` clinicians, after the one the `after` cursor of
 * the previous page's `Link: <…>; rel="next"` header names.
 */
export const hubPageQuerySchema = z
  .object({
    ...rangeFields,
    limit: z.coerce
      .number({ error: PAGE_SIZE_MESSAGE })
      .int(PAGE_SIZE_MESSAGE)
      .min(1, PAGE_SIZE_MESSAGE)
      .max(HUB_PAGE_MAX, PAGE_SIZE_MESSAGE)
      .default(HUB_PAGE_SIZE),
    after: z.string({ error: PAGE_CURSOR_MESSAGE }).max(500, PAGE_CURSOR_MESSAGE).optional(),
  })
  .superRefine(inOrder);

/** GET /api/users/hub/{hub}/count: how many clinicians the list holds, for the overview banner. */
export const hubCountSchema = z.object({ count: z.number().int() });
export type HubCount = z.infer<typeof hubCountSchema>;
