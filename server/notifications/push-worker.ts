import type { Clock } from "../clock";
import type { VapidKeys } from "../config";
import type { Db } from "../db/open";
import { type BatchSettings, createVapidSigner } from "./push-batch";
import { type InFlight, type LaneContext, pacedPass, promptPass } from "./push-lanes";
import { createPollLoop } from "./push-poll-loop";
import type { DropAfter } from "./push-queries";
import { createSendQueue } from "./push-send-queue";

export type PushWorkerOptions = {
  db: Db;
  vapid: VapidKeys;
  subject: string;
  messageHoldMs: number;
  /** "Now" for due times and quiet hours, read once at the start of each pass. */
  clock: Clock;
  /** Runs before each pass: a process following another's clock asks for its time here. */
  beforePass?: () => Promise<void>;
  log: { warn: (obj: object, msg: string) => void };
  /** How often the outbox is looked at when idle. */
  pollMs?: number;
  batch?: number;
  /** Cover-alert pushes a second from this instance (push-lanes.ts). */
  coverPerSecond?: number;
  /** Per push request; a push service that hangs costs the worker this long, never a user's request. */
  timeoutMs?: number;
  maxAttempts?: number;
  /** Tests and benchmarks run their push service on this host; nowhere else may it be reached. */
  allowLoopback?: boolean;
  /** A device whose push service keeps failing is forgotten (default: 10 in a row over 3 days). */
  dropAfter?: DropAfter;
};

export type PushWorker = {
  start: () => void;
  stop: () => Promise<void>;
  /** New rows have committed: look at once rather than at the next poll. */
  wake: () => void;
};

/**
 * 250 a second: a request alerting 320–350 colleagues reached the last of them in 1.26–1.34 s on the
 * bench, within the 2 s its fan-out is allowed (DESIGN §7), where sending them all at once took both
 * cores for half a second.
 */
const COVER_PUSHES_PER_SECOND = 250;

/**
 * Sends the outbox's pushes after commit, on every instance, each row by exactly one of them, in two
 * lanes (push-lanes.ts): cover alerts paced, everything else at once. It runs in a process of its
 * own (push-worker-host.ts).
 */
export function createPushWorker(opts: PushWorkerOptions): PushWorker {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const settings: BatchSettings = {
    db: opts.db,
    leaseMs: timeoutMs * 2 + 5_000,
    messageHoldMs: opts.messageHoldMs,
    maxAttempts: opts.maxAttempts ?? 8,
    dropAfter: opts.dropAfter ?? { failures: 10, periodMs: 3 * 24 * 3600 * 1000 },
    sign: createVapidSigner(opts.subject, opts.vapid),
    clock: opts.clock,
  };
  const policy = { allowLoopback: opts.allowLoopback ?? false };
  // A new queue each start: one that was stopped answers every push with null.
  let sender = createSendQueue(policy);
  let stopped = true;
  const ctx: LaneContext = {
    settings,
    sendAll: (jobs) => sender.sendAll(jobs, timeoutMs),
    isStopped: () => stopped,
    log: opts.log,
  };
  const pollMs = opts.pollMs ?? 200;
  const lane = (pass: (withSender: InFlight) => () => Promise<void>) => {
    const withSender: InFlight = new Set();
    const run = pass(withSender);
    const { beforePass } = opts;
    const runPass = beforePass ? () => beforePass().then(run) : run;
    return { loop: createPollLoop(pollMs, opts.log, runPass), withSender };
  };
  const lanes = [
    lane((w) => promptPass(ctx, opts.batch ?? 100, w)),
    lane((w) => pacedPass(ctx, opts.coverPerSecond ?? COVER_PUSHES_PER_SECOND, w)),
  ];

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      sender = createSendQueue(policy);
      for (const lane of lanes) lane.loop.start();
    },
    wake() {
      for (const lane of lanes) lane.loop.wake();
    },
    async stop() {
      stopped = true;
      const halted = Promise.all(lanes.map((lane) => lane.loop.halt()));
      // Sends in flight end (and are tried again later), so their batches are recorded and finish.
      sender.stop();
      await halted;
      await Promise.allSettled(lanes.flatMap((lane) => [...lane.withSender]));
    },
  };
}
