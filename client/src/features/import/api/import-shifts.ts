import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateSchedule } from "@/features/shifts/api/invalidate";
import { api } from "@/lib/api";
import type { Shift } from "../../../../../common/shifts";

/** A row of the file the server skipped, or changed while reading it; `row` is the sheet's own row number. */
export type ImportRowNote = { sheet: string; row: number; reason: string };

/** The answer of POST /api/shifts/import. */
export type ImportResult = { shifts: Shift[]; skipped: ImportRowNote[]; adjusted?: ImportRowNote[] };

/** Uploads one roster file as multipart (field `file`). A 401 is raised to the caller, which explains it. */
export function importShifts(file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append("file", file, file.name);
  return api.post<ImportResult>("/api/shifts/import", form, { on401: "throw" });
}

/** The import, refreshing the calendar and the availability it feeds once it has landed. */
export function useImportShifts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importShifts,
    onSuccess: () => invalidateSchedule(queryClient),
  });
}
