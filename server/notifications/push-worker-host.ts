import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { systemClock } from "../clock";
import { whenReady } from "../worker-ready";
import type { PushWorker, PushWorkerOptions } from "./push-worker";
import type { HostMessage, WorkerMessage } from "./push-worker-process";

// The compiled server (dist/server) has the process compiled beside it; from source, tsx loads it.
const BOOT = fileURLToPath(
  import.meta.url.endsWith(".ts")
    ? new URL("./push-worker-boot.mjs", import.meta.url)
    : new URL("./push-worker-process.js", import.meta.url),
);

/** A process that ended on its own is started again after this long, doubled while each dies young. */
const RESTART_MS = 1000;
const RESTART_MAX_MS = 30_000;
/** A process that has run this long died of something new: the next starts after RESTART_MS again. */
const SETTLED_MS = 60_000;
/** A process that has not said it is ready by then (a hung start) is ended, and another started. */
const BOOT_MS = 30_000;
/** How long the process has to record its sends in flight when the server stops. */
const STOP_WAIT_MS = 5000;

export type PushHostOptions = Omit<PushWorkerOptions, "db"> & {
  /** The process opens a small pool of its own to this database. */
  databaseUrl: string;
};

const alive = (child: ChildProcess) => child.connected && child.exitCode === null && child.signalCode === null;

function tell(child: ChildProcess, message: HostMessage) {
  // A process on its way out: its 'exit' starts the next one, which catches up.
  if (alive(child)) child.send(message, undefined, {}, () => undefined);
}

function forkWorker(): ChildProcess {
  const c = fork(BOOT, [], {
    // The server's own flags (an inspector, a heap limit) are not the worker's.
    execArgv: [],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  // The server's listening socket keeps it alive, never this process.
  c.unref();
  c.channel?.unref();
  return c;
}

/** Asks the process to record its sends in flight and end; one that does not is ended anyway. */
async function endWorker(c: ChildProcess, ready: boolean) {
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = once(c, "exit").catch(() => undefined);
  if (ready && alive(c)) {
    const stopped = new Promise<void>((done) => c.on("message", (m) => m === "stopped" && done()));
    tell(c, "stop");
    await Promise.race([stopped, exited, delay(STOP_WAIT_MS, undefined, { ref: false })]);
  }
  if (c.connected) c.disconnect();
  await Promise.race([exited, delay(2000, undefined, { ref: false })]);
  if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
}

/**
 * The push worker in a process of its own, every thread of it at a lower CPU priority (decision
 * 045): claiming, encrypting, posting and recording a request's hundreds of cover alerts then take
 * only what the CPUs have spare, and none of it runs on the event loop answering clinicians. The
 * server wakes it when rows commit and answers its questions for a test's clock; the process starts
 * with the server, again a second after it dies (longer while it keeps dying young), and ends with it.
 */
export function hostPushWorker(opts: PushHostOptions): PushWorker {
  const { clock, log, databaseUrl, ...options } = opts;
  const follows = clock !== systemClock;
  let child: ChildProcess | undefined;
  let ready = false;
  let running = false;
  let restart: NodeJS.Timeout | undefined;
  let restartMs = RESTART_MS;

  function launch() {
    const c = forkWorker();
    const startedAt = performance.now();
    child = c;
    ready = false;
    const boot = setTimeout(() => {
      log.warn({ ms: BOOT_MS }, "push worker process did not start in time; ending it");
      c.kill("SIGKILL");
    }, BOOT_MS);
    boot.unref();
    c.on("message", (message: WorkerMessage) => {
      if (typeof message !== "object") return;
      if ("warn" in message) log.warn(message.warn.obj, message.warn.msg);
      // Asked before each of its passes when the clock is a test's (push-worker-process.ts).
      else tell(c, { now: clock.now().toISOString(), answer: message.time });
    });
    // A process that cannot be reached is ended too, so that no second one runs beside it.
    c.on("error", (err) => {
      log.warn({ err }, "push worker process cannot be reached; ending it");
      c.kill("SIGKILL");
    });
    c.once("exit", () => {
      clearTimeout(boot);
      if (child !== c) return;
      child = undefined;
      if (!running) return;
      restartMs = performance.now() - startedAt > SETTLED_MS ? RESTART_MS : restartMs;
      log.warn({ code: c.exitCode, signal: c.signalCode, restartMs }, "push worker process ended; starting another");
      restart = setTimeout(launch, restartMs);
      restart.unref();
      restartMs = Math.min(RESTART_MAX_MS, restartMs * 2);
    });
    whenReady(c).then(
      () => {
        clearTimeout(boot);
        if (child !== c) return;
        tell(c, { start: { ...options, databaseUrl, now: follows ? clock.now().toISOString() : null } });
        ready = true;
      },
      // It has gone: its 'exit' starts the next one.
      () => undefined,
    );
  }

  return {
    start() {
      if (running) return;
      running = true;
      launch();
    },
    wake() {
      if (child && ready) tell(child, "wake");
    },
    async stop() {
      running = false;
      clearTimeout(restart);
      const c = child;
      child = undefined;
      if (c) await endWorker(c, ready);
    },
  };
}
