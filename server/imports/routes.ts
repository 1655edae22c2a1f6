import { setImmediate } from "node:timers/promises";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { importResultSchema, type RowNote } from "../../common/imports";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from "../../common/upload-limit";
import { currentUser, requireUser } from "../auth/guard";
import { londonToday } from "../clock";
import { coverAlertOptions } from "../config";
import type { ShiftRow } from "../db/schema";
import { AppError, badRequest, tooMany } from "../errors";
import { toShift } from "../shifts/shift-json";
import { hasMagic, kindFromName, type WorkbookKind } from "./file-type";
import { ZIP_LIMITS } from "./limits";
import { createParsePool, ParsePoolBusy } from "./parse-pool";
import { RosterFileError } from "./read-workbook";
import { expectedHeaders } from "./roster-columns";
import { applyRoster } from "./service";
import { buildTemplate, TEMPLATE_FILENAME, XLSX_CONTENT_TYPE } from "./template";
import { importTurns } from "./turns";
import { checkXlsxArchive, type ZipEntry } from "./zip-check";

const NO_FILE = "Please choose a file to upload";
const WRONG_TYPE = "Invalid file type. Please upload an Excel file (.xlsx, .xls)";

/** The refusal of an oversized upload; the connection is closed so the rest is never read. */
const tooLarge = () =>
  new AppError(413, `File too large. Maximum file size is ${MAX_UPLOAD_LABEL}`, undefined, { connection: "close" });

/** Multipart framing around the file: boundaries, part headers and up to five small fields. */
const ENVELOPE_BYTES = 64 * 1024;

async function refuseOversizedBody(request: FastifyRequest) {
  const length = Number(request.headers["content-length"]);
  if (Number.isFinite(length) && length > MAX_UPLOAD_BYTES + ENVELOPE_BYTES) throw tooLarge();
}

/** The uploaded file, read while counting: past the cap the request is refused there and then. */
async function readUpload(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw badRequest(NO_FILE, "file");
  try {
    const part = await request.file();
    if (part?.fieldname !== "file") {
      part?.file.resume();
      throw badRequest(NO_FILE, "file");
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES || part.file.truncated) throw tooLarge();
      chunks.push(chunk);
    }
    if (part.file.truncated) throw tooLarge();
    if (size === 0) throw badRequest("The file is empty", "file");
    return { filename: part.filename, bytes: Buffer.concat(chunks, size) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The multipart reader's own size limits (file, parts) are oversized uploads too: 413, never 400.
    if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge();
    // A form the multipart reader cannot follow (no boundary, cut short): the client's fault.
    throw badRequest("The upload could not be read. Please choose the file and try again.", "file");
  }
}

/** `?overwriteSwaps=true` lets the file win on days a completed swap changed (DESIGN §5.19). */
function overwriteSwaps(request: FastifyRequest): boolean {
  const value = (request.query as { overwriteSwaps?: unknown } | undefined)?.overwriteSwaps;
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  throw badRequest("overwriteSwaps must be true or false", "overwriteSwaps");
}

/** Extension and content must both be a workbook of the same kind (SPEC §5, DESIGN §5.15). */
function checkType(filename: string, bytes: Buffer): WorkbookKind {
  const kind = kindFromName(filename);
  if (!kind) throw new AppError(415, WRONG_TYPE, "file");
  if (!hasMagic(bytes, kind)) {
    throw new AppError(415, `Invalid file type: the contents of this file are not an .${kind} workbook`, "file");
  }
  return kind;
}

const ANSWER_SLICE = 500;

/**
 * `{ shifts, skipped, adjusted, kept }` as JSON, written a slice of shifts at a time with a yield in
 * between: a roster of thousands of days never blocks other requests for long.
 */
async function answerJson(
  shifts: ShiftRow[],
  skipped: RowNote[],
  adjusted: RowNote[],
  kept: RowNote[],
): Promise<string> {
  const parts: string[] = [];
  for (let i = 0; i < shifts.length; i += ANSWER_SLICE) {
    if (i > 0) await setImmediate();
    parts.push(JSON.stringify(shifts.slice(i, i + ANSWER_SLICE).map(toShift)).slice(1, -1));
  }
  return `{"shifts":[${parts.join(",")}],"skipped":${JSON.stringify(skipped)},"adjusted":${JSON.stringify(adjusted)},"kept":${JSON.stringify(kept)}}`;
}

export async function importRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const cover = coverAlertOptions(app.deps.config, app.deps.clock);
  // Registered here, so only this route takes multipart bodies, with the upload caps of SPEC §9.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const pool = createParsePool();
  app.addHook("onClose", async () => pool.close());
  const turns = importTurns(db, app.deps.limits.imports);

  app.post(
    "/api/shifts/import",
    // Reading waits for one of a few workers, and too long a queue is refused (429).
    {
      onRequest: [requireUser, refuseOversizedBody, turns.take],
      // Given back as the answer is sent, so a caller who sends the next file the moment the answer
      // arrives finds the turn free; again after the answer (idempotent) should sending fail. A
      // caller who left early holds it until the work ends or, should the instance die, two minutes.
      onSend: turns.releaseOnSend,
      onResponse: turns.release,
      // Sent as text already written in slices (answerJson); the schema states its shape.
      schema: { response: { 200: importResultSchema } },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const overwrite = overwriteSwaps(request);
      const { filename, bytes } = await readUpload(request);
      const kind = checkType(filename, bytes);
      let entries: ZipEntry[] | undefined;
      if (kind === "xlsx") {
        const checked = checkXlsxArchive(bytes, ZIP_LIMITS);
        if ("status" in checked) throw new AppError(checked.status, checked.reason, "file");
        entries = checked.entries;
      }

      let parsed: Awaited<ReturnType<typeof pool.parse>>;
      try {
        parsed = await pool.parse({ bytes, kind, entries });
      } catch (error) {
        if (error instanceof RosterFileError) throw badRequest(error.message, "file");
        if (error instanceof ParsePoolBusy)
          throw tooMany(10, "Many rosters are being imported right now. Please try again in a moment.");
        throw error;
      }
      if (parsed.sheetsRead.length === 0) {
        throw badRequest(
          `No roster found: the file needs a heading row with ${expectedHeaders} near the top of a sheet`,
          "file",
        );
      }

      const outcome = await applyRoster(db, userId, parsed.rows, { overwriteSwaps: overwrite, cover });
      const byPosition = (a: RowNote, b: RowNote) =>
        parsed.sheetsRead.indexOf(a.sheet) - parsed.sheetsRead.indexOf(b.sheet) || a.row - b.row;
      const skipped = [...parsed.skipped, ...outcome.skipped].sort(byPosition);
      return reply
        .type("application/json; charset=utf-8")
        .send(await answerJson(outcome.shifts, skipped, parsed.adjusted, outcome.kept.sort(byPosition)));
    },
  );

  app.get("/api/shifts/import/template.xlsx", { onRequest: requireUser }, async (_request, reply) => {
    const file = await buildTemplate(londonToday(app.deps.clock));
    return reply
      .header("content-type", XLSX_CONTENT_TYPE)
      .header("content-disposition", `attachment; filename="${TEMPLATE_FILENAME}"`)
      .header("cache-control", "private, no-store")
      .send(file);
  });
}
