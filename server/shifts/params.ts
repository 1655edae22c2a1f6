import { z } from "zod";

/** A numeric row id in the path; anything else is a 400 on field id. */
export const idParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "Id must be a positive whole number")
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, "Id must be a positive whole number"),
});

export const yearSchema = z
  .string()
  .regex(/^\d{4}$/, "Year must be a four-digit year between 1900 and 2200")
  .transform(Number)
  .refine((y) => y >= 1900 && y <= 2200, "Year must be a four-digit year between 1900 and 2200");

export const monthSchema = z
  .string()
  .regex(/^\d{1,2}$/, "Month must be a number from 1 to 12")
  .transform(Number)
  .refine((m) => m >= 1 && m <= 12, "Month must be a number from 1 to 12");
