import { z } from "zod";
import { shiftSchema } from "./shifts";

/** A roster row the import skipped, adjusted or kept, by its sheet and row number. */
export const rowNoteSchema = z.object({ sheet: z.string(), row: z.number().int(), reason: z.string() });
export type RowNote = z.infer<typeof rowNoteSchema>;

/** POST /api/shifts/import: the shifts written and what happened to the other rows. */
export const importResultSchema = z.object({
  shifts: z.array(shiftSchema),
  skipped: z.array(rowNoteSchema),
  adjusted: z.array(rowNoteSchema),
  kept: z.array(rowNoteSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
