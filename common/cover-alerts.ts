import { z } from "zod";
import { coverAlertStates } from "./cover-alert-rules";
import { shiftTypes } from "./enums";

/** One item of GET /api/cover-alerts: a colleague's need for cover I was told about. */
export const coverAlertSchema = z.object({
  swapRequestId: z.number(),
  date: z.string(),
  shiftType: z.enum(shiftTypes),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  hub: z.string().nullable(),
  requester: z.object({ id: z.number(), firstName: z.string(), lastName: z.string() }),
  createdAt: z.string(),
  state: z.enum(coverAlertStates),
});
export type CoverAlert = z.infer<typeof coverAlertSchema>;

export const coverAlertListSchema = z.array(coverAlertSchema);
