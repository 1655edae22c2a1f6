import { z } from "zod";
import { toCalendarDay } from "./dates";
import type { ClinicalGrade, SwapUrgency } from "./enums";
import { type Hub, hubChoices } from "./hubs";
import type { Shift } from "./shifts";

/** What the clinician browser may show of a colleague: no email, phone or password. */
export type HubClinician = {
  id: number;
  firstName: string;
  lastName: string;
  clinicalGrade: ClinicalGrade;
  hub: Hub | null;
  paramedicBase: string | null;
  swapUrgency: SwapUrgency;
  activelySeekingSwaps: boolean;
};

/** One item of GET /api/users/hub/{hub} (SPEC §3 'Hub listing item'). */
export type HubListingItem = {
  clinician: HubClinician;
  /** Future Available Off Days (rest days marked open to a swap), within the range when given; soonest first. */
  restDays: Shift[];
  /** Future Seeking Coverage shifts, within the range when given; soonest first. */
  seekingCoverageShifts: Shift[];
};

/**
 * Each list of an item holds at most this many shifts, the soonest first, so a colleague who marks a
 * whole year stays one small row; a date range reaches later days.
 */
export const HUB_SHIFT_LIMIT = 5;

export const HUB_MESSAGE = "Please select a hub to continue";
export const RANGE_DATE_MESSAGE = "Please enter a valid date";
export const RANGE_ORDER_MESSAGE = "The end date must be on or after the start date";

export const hubParamSchema = z.object({
  hub: z.enum(hubChoices, { error: HUB_MESSAGE }),
});

/** yyyy-MM-dd or an ISO timestamp, read as its Europe/London day. */
const rangeDay = z
  .string({ error: RANGE_DATE_MESSAGE })
  .max(40, RANGE_DATE_MESSAGE)
  .refine((v) => toCalendarDay(v) !== undefined, RANGE_DATE_MESSAGE)
  .transform((v) => toCalendarDay(v) as string);

export const hubRangeSchema = z
  .object({ fromDate: rangeDay.optional(), toDate: rangeDay.optional() })
  .superRefine((v, ctx) => {
    if (v.fromDate && v.toDate && v.fromDate > v.toDate) {
      ctx.addIssue({ code: "custom", path: ["toDate"], message: RANGE_ORDER_MESSAGE });
    }
  });
export type HubRange = z.output<typeof hubRangeSchema>;
