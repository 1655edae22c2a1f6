import type { ImportResult } from "@common/imports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateSchedule } from "@/lib/invalidate";

export type ImportRequest = { file: File; overwriteSwaps?: boolean };

/**
 * Uploads one roster file as multipart (field `file`); `overwriteSwaps` lets the file win on days a
 * completed swap changed (DESIGN §5.19). A 401 is raised to the caller, which explains it.
 */
export function importShifts({ file, overwriteSwaps }: ImportRequest): Promise<ImportResult> {
  const form = new FormData();
  form.append("file", file, file.name);
  const url = overwriteSwaps ? "/api/shifts/import?overwriteSwaps=true" : "/api/shifts/import";
  return api.post<ImportResult>(url, form, { on401: "throw" });
}

/** The import, refreshing the calendar and the availability it feeds once it has landed. */
export function useImportShifts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importShifts,
    onSuccess: () => invalidateSchedule(queryClient),
  });
}
