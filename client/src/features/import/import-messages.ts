import { isApiError } from "@/lib/api";

export type ToastText = { title: string; description: string };

/** SPEC §8 'Import': the title and text shown for a failed upload. */
export function importFailure(error: unknown): ToastText {
  if (isApiError(error)) {
    if (error.status === 401) {
      return {
        title: "Authentication Required",
        description: "Session expired. Please refresh the page and log in again.",
      };
    }
    return { title: "Import failed", description: error.body?.message || "Failed to import shifts" };
  }
  return { title: "Import failed", description: "An error occurred while uploading the file" };
}

/** SPEC §8: 'Import successful' (Successfully imported N shifts). */
export const importSuccess = (count: number): ToastText => ({
  title: "Import successful",
  description: `Successfully imported ${count} shifts`,
});
