import os from "node:os";
import { parentPort } from "node:worker_threads";
import type { WorkbookKind } from "./file-type";
import { RosterFileError, readRoster } from "./read-workbook";
import type { RosterParse } from "./roster-parse";
import type { ZipEntry } from "./zip-check";

export type ParseJob = { bytes: Uint8Array; kind: WorkbookKind; entries?: ZipEntry[] };
export type ParseAnswer = { ok: true; result: RosterParse } | { ok: false; reason: string | null };

// On Linux a nice value set from a thread applies to that thread alone: when the CPUs are busy,
// the event loop that answers everyone else comes before the parsing.
if (process.platform === "linux") {
  try {
    os.setPriority(10);
  } catch {
    // not allowed here: parse at the normal priority
  }
}

// One job at a time per worker; the pool never sends a second before the first is answered.
parentPort?.on("message", (job: ParseJob) => {
  let answer: ParseAnswer;
  try {
    answer = { ok: true, result: readRoster(job.bytes, job.kind, job.entries) };
  } catch (error) {
    answer = { ok: false, reason: error instanceof RosterFileError ? error.message : null };
  }
  parentPort?.postMessage(answer);
});
parentPort?.postMessage("ready");
