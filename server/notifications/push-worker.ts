import { setTimeout as delay } from "node:timers/promises";
import type { Clock } from "../clock";
import type { VapidKeys } from "../config";
import type { Db } from "../db/open";
import { type BatchSettings, claimBatch, createVapidSigner, recordBatch, sendBatch } from "./push-batch";
import { createPollLoop } from "./push-poll-loop";
import type { DropAfter } from "./push-queries";
import { createPushSender } from "./push-sender";

export type PushWorkerOptions = {
  db: Db;
  vapid: VapidKeys;
  subject: string;
  messageHoldMs: number;
  /** "Now" for due times and quiet hours. */
  clock: Clock;
  log: { warn: (obj: object, msg: string) => void };
  /** How often the outbox is looked at when idle. */
  pollMs?: number;
  batch?: number;
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

/** How long a pass waits for its last batches before letting the next one claim beside them. */
const SLOW_SEND_WAIT_MS = 200;

/** Two: the next batch is with the sender while the one before finishes its last pushes. */
const BATCHES_WITH_SENDER = 2;

/** Sends the outbox's pushes after commit, on every instance, each row by exactly one of them. */
export function createPushWorker(opts: PushWorkerOptions): PushWorker {
  const batch = opts.batch ?? 100;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const settings: BatchSettings = {
    db: opts.db,
    batch,
    leaseMs: timeoutMs * 2 + 5_000,
    messageHoldMs: opts.messageHoldMs,
    maxAttempts: opts.maxAttempts ?? 8,
    dropAfter: opts.dropAfter ?? { failures: 10, periodMs: 3 * 24 * 3600 * 1000 },
    sign: createVapidSigner(opts.subject, opts.vapid),
    clock: opts.clock,
  };
  const policy = { allowLoopback: opts.allowLoopback ?? false };
  // A new sender each start: one that was stopped answers every push with null.
  let sender = createPushSender(policy);
  const loop = createPollLoop(opts.pollMs ?? 200, opts.log, drain);

  /** Batches handed to the sender and not yet recorded, whichever pass claimed them. */
  const withSender = new Set<Promise<void>>();

  /**
   * Claims and hands over batches while the sender has room, and ends once nothing more is due and
   * its last batches are sent, or after a short wait for them: a push service that hangs then holds
   * up only its own pushes, and rows that commit meanwhile are claimed by the next pass (their
   * commit wakes it) and sent beside them. Each batch is claimed while the one before is being
   * sent: under load every database round trip waits its turn, and the sender would otherwise sit
   * idle through them.
   */
  async function drain(): Promise<void> {
    for (;;) {
      while (withSender.size >= BATCHES_WITH_SENDER) await Promise.race(withSender);
      if (loop.isStopped()) return;
      const claimed = await claimBatch(settings);
      if (claimed.claimed === 0) return;
      // A batch that was all held: claim on (the next rows may be for others).
      if (claimed.rows.length === 0) continue;
      const handed: Promise<void> = sendBatch(settings, claimed, (jobs) => sender.sendAll(jobs, timeoutMs))
        .then((sent) => recordBatch(settings, sent))
        // The lease runs out and the rows are tried again, here or on another instance.
        .catch((err) => opts.log.warn({ err }, "push worker could not record a batch; it will be sent again"))
        .finally(() => withSender.delete(handed));
      withSender.add(handed);
      if (claimed.claimed < batch) {
        // Rows that commit while these are sent are claimed together by the next pass, unless
        // a slow push service would keep them waiting longer than this.
        await Promise.race([Promise.allSettled([...withSender]), delay(SLOW_SEND_WAIT_MS, undefined, { ref: false })]);
        return;
      }
    }
  }

  return {
    start() {
      if (!loop.isStopped()) return;
      sender = createPushSender(policy);
      // The thread boots now rather than on the first push, which then goes out at once.
      sender.prepare();
      loop.start();
    },
    wake: loop.wake,
    async stop() {
      const halted = loop.halt();
      // Sends in flight end (and are tried again later), so their batches are recorded and finish.
      const stopping = sender.stop();
      await halted;
      await Promise.allSettled([...withSender]);
      await stopping;
    },
  };
}
