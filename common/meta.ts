import { z } from "zod";
import type { WtrLimits } from "./working-time-types";

const wtrLimitsSchema = z.object({
  dailyRestHours: z.number(),
  weeklyRestHours: z.number(),
  averageWeekHours: z.number(),
  referenceWeeks: z.number(),
  nightHoursPer24: z.number(),
}) satisfies z.ZodType<WtrLimits>;

/** GET /api/meta: public settings the client needs before anyone signs in. */
export const metaSchema = z.object({
  allowedEmailDomains: z.array(z.string()),
  tutorialsPlaylistUrl: z.string().nullable(),
  /** Working-time limits, or null when the service turned the checks off (WTR_CHECKS=off). */
  workingTime: wtrLimitsSchema.nullable(),
});
export type Meta = z.infer<typeof metaSchema>;

/** GET /api/health: 200 when ready, 503 (same shape) while the database or its migrations are not. */
export const healthSchema = z.object({
  status: z.enum(["ok", "not ready"]),
  database: z.enum(["ok", "unreachable"]),
  migrations: z.enum(["ok", "pending", "unknown"]),
});
export type Health = z.infer<typeof healthSchema>;
