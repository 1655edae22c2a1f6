import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import type { AddressPolicy } from "../security/public-address";
import { whenReady } from "../worker-ready";
import type { BatchAnswer, SenderData, SenderMessage, SendJob } from "./push-sender-process";

// The compiled server (dist/server) has the sender compiled beside it; from source, tsx loads it.
const BOOT = fileURLToPath(
  import.meta.url.endsWith(".ts")
    ? new URL("./push-sender-boot.mjs", import.meta.url)
    : new URL("./push-sender-process.js", import.meta.url),
);

export type PushSender = {
  /**
   * Per job, in order, the push service's status, or null when it could not be reached, hung, or
   * sending stopped. The jobs cross to the sender in one message and their answers in one: a
   * message each way per push cost more than posting the push.
   */
  sendAll(jobs: SendJob[], timeoutMs: number): Promise<(number | null)[]>;
  /** Starts the sender ahead of the first push. */
  prepare(): void;
  /** Ends the sends in flight (each answers null) and the sender. */
  stop(): Promise<void>;
};

const alive = (child: ChildProcess) => child.connected && child.exitCode === null && child.signalCode === null;

/** Starts the sender; `answer` gets each batch's statuses, `lost` hears that it has gone. */
function forkSender(
  policy: AddressPolicy,
  answer: (message: BatchAnswer) => void,
  lost: () => void,
): Promise<ChildProcess> {
  const child = fork(BOOT, [JSON.stringify({ policy } satisfies SenderData)], {
    // The server's own flags (an inspector, a heap limit) are not the sender's.
    execArgv: [],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  // The push worker's timer keeps the server alive while there is work; the sender never does.
  child.unref();
  child.channel?.unref();
  child.on("message", (message: BatchAnswer | "ready") => {
    if (message !== "ready") answer(message);
  });
  // A sender that cannot be reached is ended too, so that no second one runs beside it.
  child.on("error", () => {
    child.kill("SIGKILL");
    lost();
  });
  child.on("exit", lost);
  return whenReady(child);
}

/**
 * Encrypts and posts pushes in a process of its own with every thread at a lower CPU priority
 * (decision 044): a burst of a thousand pushes, and the garbage it leaves, then take only what the
 * CPUs have spare, and the event loop answering clinicians' requests is not held up by them. The
 * process starts with the first push and again after it dies, and ends with the server.
 */
export function createPushSender(policy: AddressPolicy): PushSender {
  let sender: Promise<ChildProcess> | undefined;
  const pending = new Map<number, { size: number; answer: (statuses: (number | null)[]) => void }>();
  const inFlight = new Set<Promise<unknown>>();
  let nextId = 1;
  let stopped = false;

  function start(): Promise<ChildProcess> {
    const started = forkSender(
      policy,
      (message) => {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        waiting?.answer(message.statuses);
      },
      () => {
        if (sender === started) sender = undefined;
        for (const { size, answer } of pending.values()) answer(new Array(size).fill(null));
        pending.clear();
      },
    );
    return started;
  }

  return {
    prepare() {
      if (stopped || sender) return;
      sender = start();
      // A sender that fails to boot is started again by the next push.
      sender.catch(() => {
        sender = undefined;
      });
    },
    async sendAll(jobs, timeoutMs) {
      const none = () => new Array<number | null>(jobs.length).fill(null);
      if (stopped) return none();
      sender ??= start();
      let child: ChildProcess;
      try {
        child = await sender;
      } catch {
        sender = undefined;
        return none();
      }
      // Ended since it booted (its 'exit' has answered everything pending already): try again later.
      if (!alive(child)) return none();
      const id = nextId++;
      const answered = new Promise<(number | null)[]>((answer) => {
        pending.set(id, { size: jobs.length, answer });
        child.send({ batch: { id, jobs, timeoutMs } } satisfies SenderMessage, (error) => {
          if (error && pending.delete(id)) answer(none());
        });
      });
      inFlight.add(answered);
      void answered.then(() => inFlight.delete(answered));
      return answered;
    },
    async stop() {
      stopped = true;
      const running = sender;
      sender = undefined;
      const child = await running?.catch(() => undefined);
      if (!child || !alive(child)) return;
      const exited = once(child, "exit").catch(() => undefined);
      child.send("stop" satisfies SenderMessage, () => {});
      // Aborted sends answer at once; a sender that does not is ended anyway.
      await Promise.race([Promise.allSettled([...inFlight]), delay(2000, undefined, { ref: false })]);
      child.disconnect();
      await Promise.race([exited, delay(2000, undefined, { ref: false })]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}
