import { z } from "zod";
import { MAX_ROW_ID } from "../common/message-rules";

/**
 * A row id in the path: a positive whole number that fits PostgreSQL's integer; anything else is a
 * 400 on that parameter. `label` names it in the message where a route's answer always has.
 */
export function rowId(label?: string) {
  const message = label ? `${label} must be a whole number` : "Id must be a positive whole number";
  return z
    .string()
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .refine((n) => n <= MAX_ROW_ID, message);
}

/** `/:id` */
export const idParam = z.object({ id: rowId() });
