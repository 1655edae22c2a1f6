import { afterEach, describe, expect, it, vi } from "vitest";
import { fileProblem } from "../../client/src/features/import/file-checks";
import { importFailure, importSuccess } from "../../client/src/features/import/import-messages";
import { ApiError, apiRequest } from "../../client/src/lib/api";
import { MAX_UPLOAD_BYTES } from "../../common/upload-limit";

describe("the client's checks of a chosen file", () => {
  it("accepts .xlsx and .xls up to 5MB, whatever the case of the extension", () => {
    expect(fileProblem({ name: "Roster.XLSX", size: 1000 })).toBeNull();
    expect(fileProblem({ name: "old.xls", size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it("refuses other types and larger files with the SPEC texts", () => {
    expect(fileProblem({ name: "roster.csv", size: 10 })).toEqual({
      title: "Invalid file type",
      description: "Please upload an Excel file (.xlsx, .xls)",
    });
    expect(fileProblem({ name: "roster.xlsx.pdf", size: 10 })?.title).toBe("Invalid file type");
    expect(fileProblem({ name: "roster.xlsx", size: MAX_UPLOAD_BYTES + 1 })).toEqual({
      title: "File too large",
      description: "Maximum file size is 5MB",
    });
  });
});

describe("the import's toasts", () => {
  it("names the count on success", () => {
    expect(importSuccess(12)).toEqual({ title: "Import successful", description: "Successfully imported 12 shifts" });
  });

  it("explains a 401, shows the server's text, or falls back", () => {
    expect(importFailure(new ApiError(401, '{"message":"Not signed in"}', { message: "Not signed in" }))).toEqual({
      title: "Authentication Required",
      description: "Session expired. Please refresh the page and log in again.",
    });
    expect(importFailure(new ApiError(415, "x", { message: "Invalid file type", field: "file" }))).toEqual({
      title: "Import failed",
      description: "Invalid file type",
    });
    expect(importFailure(new ApiError(502, "Bad Gateway", null))).toEqual({
      title: "Import failed",
      description: "Failed to import shifts",
    });
    expect(importFailure(new TypeError("Failed to fetch"))).toEqual({
      title: "Import failed",
      description: "An error occurred while uploading the file",
    });
  });
});

describe("uploading through the api client", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the form as multipart (no JSON content type) and raises a 401 without reloading", async () => {
    const seen: RequestInit[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push(init);
        return new Response('{"message":"Not signed in"}', { status: 401 });
      }),
    );
    const reload = vi.fn();
    vi.stubGlobal("window", { location: { reload } });
    const form = new FormData();
    form.append("file", new Blob(["x"]), "roster.xlsx");
    const error = (await apiRequest("POST", "/api/shifts/import", form, { on401: "throw" }).then(
      () => null,
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(seen[0].body).toBe(form);
    expect(new Headers(seen[0].headers).get("content-type")).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
