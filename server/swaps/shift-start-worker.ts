import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Clock } from "../clock";
import type { Db } from "../db/open";
import { transact } from "../db/transact";
import { closeStartedRequests, dropStartedOffers } from "./close-started";
import { sendDueReminders } from "./send-reminders";

export type ShiftStartWorkerOptions = { intervalMs?: number; batch?: number };

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Runs a pass of the timed work that reads the clock after this call (after the one under way,
     * if any): requests whose shift started close, then due reminders go out. Tests move the
     * clock, then call this.
     */
    closeStartedNow: () => Promise<void>;
  }
}

/**
 * The timed work on requests, every minute and once at start-up: closes requests whose shift has
 * started, then sends the reminders due (send-reminders.ts). Each pass takes all that are due up to
 * the clock's now, so it catches up after downtime; rows are locked with SKIP LOCKED, so instances
 * sharing the database never close one twice or send a reminder twice. Closing goes first, so a
 * request whose shift started while no instance ran gets no reminder.
 */
function createShiftStartWorker(opts: { db: Db; clock: Clock; log: FastifyBaseLogger } & ShiftStartWorkerOptions) {
  const intervalMs = opts.intervalMs ?? 60_000;
  const batch = opts.batch ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let warned = false;

  async function drain(step: (tx: Parameters<Parameters<typeof transact>[1]>[0]) => Promise<number>) {
    while (!stopped && (await transact(opts.db, step)) === batch);
  }

  function runPass(): Promise<void> {
    running ??= (async () => {
      const now = opts.clock.now();
      await drain((tx) => closeStartedRequests(tx, now, batch));
      await drain((tx) => dropStartedOffers(tx, now, batch));
      await drain((tx) => sendDueReminders(tx, now, batch));
    })()
      .then(() => {
        warned = false;
      })
      .catch((err) => {
        // Once while it keeps failing (a database away for an hour would log sixty lines otherwise).
        if (!warned) opts.log.warn({ err }, "could not do the timed work on requests; retrying every pass");
        warned = true;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void runPass().finally(schedule), intervalMs);
  }

  return {
    runPass,
    /** A pass that reads the clock after this call: one already under way may have read it before it moved. */
    async passFromNow() {
      await running;
      await runPass();
    },
    start() {
      if (!stopped) return;
      stopped = false;
      void runPass().finally(schedule);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** The worker as a plugin: it starts when the app is ready and stops, finishing its pass, on close. */
export async function shiftStartWorker(app: FastifyInstance, opts: ShiftStartWorkerOptions = {}) {
  const { db, clock } = app.deps;
  const worker = createShiftStartWorker({ db, clock, log: app.log, ...opts });
  app.decorate("closeStartedNow", () => worker.passFromNow());
  app.addHook("onReady", async () => worker.start());
  app.addHook("onClose", async () => worker.stop());
}
