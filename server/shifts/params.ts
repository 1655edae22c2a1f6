import { z } from "zod";

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
