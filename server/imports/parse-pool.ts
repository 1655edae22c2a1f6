import { Worker } from "node:worker_threads";
import { whenReady } from "../worker-ready";
import { MAX_PARALLEL_PARSES, PARSE_HEAP_MB, PARSE_TIME_LIMIT_MS } from "./limits";
import type { ParseAnswer, ParseJob } from "./parse-worker";
import { RosterFileError } from "./read-workbook";
import type { RosterParse } from "./roster-parse";

// The compiled server (dist/server) has the worker compiled beside it; from source, tsx loads it.
const BOOT = import.meta.url.endsWith(".ts")
  ? new URL("./parse-worker-boot.mjs", import.meta.url)
  : new URL("./parse-worker.js", import.meta.url);

export const TOO_SLOW =
  "The file took too long to read. Save it again as a plain .xlsx with only your roster and try again.";
const TOO_BIG = "The file needs more memory to read than a roster ever should, so it was not read";
const FAILED =
  "The file could not be read as an Excel workbook. Open it in Excel, save it again as .xlsx and try again.";

export type ParsePoolOptions = {
  /** Workbooks read at once; more wait for a free worker. */
  size?: number;
  timeLimitMs?: number;
  heapMb?: number;
  /** An idle worker beyond the first is stopped after this long. */
  idleMs?: number;
  /** Uploads allowed to wait for a worker; beyond that the pool is busy. */
  maxWaiting?: number;
};

/** Too many workbooks are waiting to be read already. */
export class ParsePoolBusy extends Error {}

export type ParsePool = {
  parse(job: ParseJob): Promise<RosterParse>;
  close(): Promise<void>;
};

type Idle = { worker: Worker; timer: NodeJS.Timeout };

/** Runs at most `size` functions at once; up to `maxWaiting` more wait their turn, beyond that ParsePoolBusy. */
function createSlots(size: number, maxWaiting: number) {
  const queue: Array<() => void> = [];
  let active = 0;
  return async function slot<T>(fn: () => Promise<T>): Promise<T> {
    if (active >= size) {
      if (queue.length >= maxWaiting) throw new ParsePoolBusy();
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      active++;
    }
    try {
      return await fn();
    } finally {
      const next = queue.shift();
      if (next) next();
      else active--;
    }
  };
}

/** Reads one workbook on `worker`, which goes back to `park` if it answered, or is ended. */
function runJob(
  worker: Worker,
  job: ParseJob,
  timeLimitMs: number,
  park: (worker: Worker) => void,
): Promise<RosterParse> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const timer = setTimeout(() => {
      done();
      void worker.terminate();
      reject(new RosterFileError(TOO_SLOW));
    }, timeLimitMs);
    const onMessage = (answer: ParseAnswer) => {
      done();
      park(worker);
      if (answer.ok) resolve(answer.result);
      else reject(new RosterFileError(answer.reason ?? FAILED));
    };
    const onError = (error: Error & { code?: string }) => {
      done();
      void worker.terminate();
      reject(new RosterFileError(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? TOO_BIG : FAILED));
    };
    const onExit = () => {
      done();
      reject(new RosterFileError(FAILED));
    };
    worker.on("message", onMessage);
    worker.once("error", onError);
    worker.once("exit", onExit);
    worker.postMessage(job);
  });
}

/**
 * Reads workbooks in worker threads, so a large or hostile file never holds up other requests:
 * each read has a time limit (the worker is terminated when it runs over) and a capped heap.
 * Workers that finish are kept for the next upload; the first upload after a start waits for one
 * to boot (about half a second).
 */
export function createParsePool(opts: ParsePoolOptions = {}): ParsePool {
  const size = opts.size ?? MAX_PARALLEL_PARSES;
  const timeLimitMs = opts.timeLimitMs ?? PARSE_TIME_LIMIT_MS;
  const heapMb = opts.heapMb ?? PARSE_HEAP_MB;
  const idleMs = opts.idleMs ?? 5 * 60_000;
  const maxWaiting = opts.maxWaiting ?? 20;

  const idle: Idle[] = [];
  const all = new Set<Worker>();
  const slot = createSlots(size, maxWaiting);
  let closed = false;

  function spawn(): Promise<Worker> {
    const worker = new Worker(BOOT, { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    worker.unref();
    all.add(worker);
    worker.once("exit", () => {
      all.delete(worker);
      // A worker that died while parked must not be handed the next upload.
      const i = idle.findIndex((entry) => entry.worker === worker);
      if (i >= 0) clearTimeout(idle.splice(i, 1)[0].timer);
    });
    return whenReady(worker);
  }

  function park(worker: Worker) {
    if (closed) {
      void worker.terminate();
      return;
    }
    const entry: Idle = {
      worker,
      // Extra workers go after a quiet spell; one stays ready for the next upload.
      timer: setTimeout(() => {
        const i = idle.indexOf(entry);
        if (i < 0 || idle.length === 1) return;
        idle.splice(i, 1);
        void worker.terminate();
      }, idleMs),
    };
    entry.timer.unref();
    idle.push(entry);
  }

  async function take(): Promise<Worker> {
    const entry = idle.pop();
    if (entry) {
      clearTimeout(entry.timer);
      return entry.worker;
    }
    return spawn();
  }

  return {
    parse: (job) =>
      slot(async () => {
        if (closed) throw new RosterFileError(FAILED);
        return runJob(await take(), job, timeLimitMs, park);
      }),
    async close() {
      closed = true;
      for (const entry of idle.splice(0)) clearTimeout(entry.timer);
      await Promise.all([...all].map((w) => w.terminate()));
    },
  };
}
