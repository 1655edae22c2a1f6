import { setTimeout as delay } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import type { AddressPolicy } from "../security/public-address";
import { whenReady } from "../worker-ready";
import type { BatchAnswer, SenderData, SenderMessage, SendJob } from "./push-sender-thread";

// The compiled server (dist/server) has the thread compiled beside it; from source, tsx loads it.
const BOOT = import.meta.url.endsWith(".ts")
  ? new URL("./push-sender-boot.mjs", import.meta.url)
  : new URL("./push-sender-thread.js", import.meta.url);

export type PushSender = {
  /**
   * Per job, in order, the push service's status, or null when it could not be reached, hung, or
   * sending stopped. The jobs cross to the thread in one message and their answers in one: a
   * message each way per push cost more than posting the push.
   */
  sendAll(jobs: SendJob[], timeoutMs: number): Promise<(number | null)[]>;
  /** Starts the thread ahead of the first push. */
  prepare(): void;
  /** Ends the sends in flight (each answers null) and the thread. */
  stop(): Promise<void>;
};

/**
 * Encrypts and posts pushes on a thread of its own at a lower CPU priority: a burst of a thousand
 * pushes then takes only what the CPUs have spare, and the event loop answering clinicians' requests
 * is not held up by it. The thread starts with the first push and again after it dies.
 */
export function createPushSender(policy: AddressPolicy): PushSender {
  let thread: Promise<Worker> | undefined;
  const pending = new Map<number, { size: number; answer: (statuses: (number | null)[]) => void }>();
  const inFlight = new Set<Promise<unknown>>();
  let nextId = 1;
  let stopped = false;

  function start(): Promise<Worker> {
    const worker = new Worker(BOOT, { workerData: { policy } satisfies SenderData });
    // The push worker's timer keeps the process alive while there is work; this thread never does.
    worker.unref();
    const lost = () => {
      if (thread === started) thread = undefined;
      for (const { size, answer } of pending.values()) answer(new Array(size).fill(null));
      pending.clear();
    };
    worker.on("message", (message: BatchAnswer | "ready") => {
      if (message === "ready") return;
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      waiting?.answer(message.statuses);
    });
    worker.on("error", lost);
    worker.on("exit", lost);
    const started = whenReady(worker);
    return started;
  }

  return {
    prepare() {
      if (stopped || thread) return;
      thread = start();
      // A thread that fails to boot is started again by the next push.
      thread.catch(() => {
        thread = undefined;
      });
    },
    async sendAll(jobs, timeoutMs) {
      const none = () => new Array<number | null>(jobs.length).fill(null);
      if (stopped) return none();
      thread ??= start();
      let worker: Worker;
      try {
        worker = await thread;
      } catch {
        thread = undefined;
        return none();
      }
      // Ended since it booted (its 'exit' has answered everything pending already): try again later.
      if (worker.threadId < 0) return none();
      const id = nextId++;
      const answered = new Promise<(number | null)[]>((answer) => {
        pending.set(id, { size: jobs.length, answer });
        worker.postMessage({ batch: { id, jobs, timeoutMs } } satisfies SenderMessage);
      });
      inFlight.add(answered);
      void answered.then(() => inFlight.delete(answered));
      return answered;
    },
    async stop() {
      stopped = true;
      const running = thread;
      thread = undefined;
      const worker = await running?.catch(() => undefined);
      if (!worker) return;
      worker.postMessage("stop" satisfies SenderMessage);
      // Aborted sends answer at once; a thread that does not is ended anyway.
      await Promise.race([Promise.allSettled([...inFlight]), delay(2000, undefined, { ref: false })]);
      await worker.terminate();
    },
  };
}
