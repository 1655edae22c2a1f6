import { setTimeout as delay } from "node:timers/promises";
import type { Clock } from "../clock";
import { isConnectionLoss } from "../db/connection-loss";
import { connect } from "../db/open";
import { lowerPriority } from "../lower-priority";
import { createPushWorker, type PushWorker, type PushWorkerOptions } from "./push-worker";

/**
 * Handed over in a message once the process has booted, never on its command line, which every
 * user of the host can read: the database's password and the VAPID private key are in it.
 */
export type WorkerSettings = Omit<PushWorkerOptions, "db" | "clock" | "log" | "beforePass"> & {
  databaseUrl: string;
  /** The server's clock when it is not the system's (tests move it): this process then follows it. */
  now: string | null;
};
export type HostMessage = { start: WorkerSettings } | { now: string; answer: number } | "wake" | "stop";
export type LogLine = { obj: Record<string, unknown>; msg: string };
/** `time`: what is the server's clock now (the number comes back with the answer). */
export type WorkerMessage = "ready" | "stopped" | { warn: LogLine } | { time: number };

/** Two lanes, each claiming while its last batches are recorded. */
const POOL_SIZE = 4;
/** Its connections in pg_stat_activity, beside the server's. */
const PUSH_WORKER_APPLICATION = "crewswap-push-worker";

// When the CPUs are busy, the event loop answering clinicians comes before claiming, encrypting,
// posting and recording pushes, and before this process's garbage collection too.
lowerPriority();

/** How long a pass waits for the server's time before it goes on with the last one it was told. */
const TIME_ANSWER_MS = 1000;

let followed: Date | null = null;
const clock: Clock = { now: () => followed ?? new Date() };
let asked = 0;
const answers = new Map<number, () => void>();

function tell(message: WorkerMessage, then?: () => void) {
  // The server is gone: there is no one left to tell.
  if (!process.connected) return;
  process.send?.(message, undefined, undefined, () => then?.());
}

/** Errors as plain fields, so that a warning crosses to the server's log whatever it carries. */
const plain = (obj: object): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(obj).map(([key, value]) => [
      key,
      value instanceof Error
        ? { type: value.name, message: value.message, stack: value.stack, code: (value as { code?: unknown }).code }
        : value,
    ]),
  );

const log = { warn: (obj: object, msg: string) => tell({ warn: { obj: plain(obj), msg } }) };

/**
 * A test's clock moves in the server: each pass first asks for it, so a pass never claims with a
 * time from before the change it is claiming for (the commit and the move arrive in either order).
 */
function askTheServersTime(): Promise<void> {
  const id = ++asked;
  const answered = new Promise<void>((done) => answers.set(id, done));
  tell({ time: id });
  return Promise.race([answered, delay(TIME_ANSWER_MS, undefined, { ref: false })]).finally(() => answers.delete(id));
}

let worker: PushWorker | undefined;
let closeDatabase: () => Promise<void> = async () => undefined;

async function start({ databaseUrl, now, ...options }: WorkerSettings) {
  if (now) followed = new Date(now);
  // Kept open like the server's own: the lanes claim several times a second, and a connection closed
  // in every lull would be a new PostgreSQL backend at the next one.
  const database = await connect(databaseUrl, POOL_SIZE, { keepOpen: true, applicationName: PUSH_WORKER_APPLICATION });
  closeDatabase = database.close;
  worker = createPushWorker({
    ...options,
    db: database.db,
    clock,
    log,
    beforePass: followed ? askTheServersTime : undefined,
  });
  worker.start();
}

/** Sends in flight end and are recorded to be tried again; then the server is told, and lets go. */
async function stop() {
  await worker?.stop();
  await closeDatabase().catch(() => undefined);
  tell("stopped");
}

process.on("message", (message: HostMessage) => {
  if (message === "wake") worker?.wake();
  else if (message === "stop") void stop();
  else if ("now" in message) {
    followed = new Date(message.now);
    answers.get(message.answer)?.();
  } else void start(message.start);
});
// As in the server (main.ts): a database that went away is logged; anything else ends this process,
// told to the server's log first, and the server starts another.
process.on("unhandledRejection", (reason) => {
  if (!isConnectionLoss(reason)) throw reason;
  log.warn({ err: reason }, "database unavailable (push worker)");
});
process.on("uncaughtException", (err) => {
  if (!process.connected) process.exit(1);
  tell({ warn: { obj: plain({ err }), msg: "push worker process failed" } }, () => process.exit(1));
});
// The server is gone (stopped, or killed without a word): its leases run out and another instance,
// or this server's next start, sends what was claimed here.
process.on("disconnect", () => process.exit(0));
tell("ready");
