import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from "@common/upload-limit";

/** SPEC §5 'Import file' and §9: .xlsx or .xls, at most MAX_UPLOAD_BYTES. */
export const ACCEPTED_EXTENSIONS = [".xlsx", ".xls"] as const;
export const ACCEPT_ATTRIBUTE =
  ".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel";

export type FileProblem = { title: string; description: string };

export const INVALID_TYPE: FileProblem = {
  title: "Invalid file type",
  description: "Please upload an Excel file (.xlsx, .xls)",
};
export const TOO_LARGE: FileProblem = {
  title: "File too large",
  description: `Maximum file size is ${MAX_UPLOAD_LABEL}`,
};

/** Why a chosen file cannot be imported, or null when it may be sent. */
export function fileProblem(file: Pick<File, "name" | "size">): FileProblem | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((ext) => name.endsWith(ext))) return INVALID_TYPE;
  if (file.size > MAX_UPLOAD_BYTES) return TOO_LARGE;
  return null;
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
