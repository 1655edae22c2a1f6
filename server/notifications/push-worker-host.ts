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

/** A process that ended on its own is started again after this long. */
const RESTART_MS = 1000;
/** How long the process has to record its sends in flight when the server stops. */
const STOP_WAIT_MS = 5000;
/** How often a clock that tests move is passed on (only when it has moved). */
const FOLLOW_CLOCK_MS = 20;

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
 * server wakes it when rows commit and passes on its clock; the process starts with the server,
 * again a second after it dies, and ends with it.
 */
export function hostPushWorker(opts: PushHostOptions): PushWorker {
  const { clock, log, databaseUrl, ...options } = opts;
  const follows = clock !== systemClock;
  let child: ChildProcess | undefined;
  let ready = false;
  let running = false;
  let sentNow = "";
  let restart: NodeJS.Timeout | undefined;
  let clockTimer: NodeJS.Timeout | undefined;

  function passClock(c: ChildProcess) {
    if (!follows) return;
    const now = clock.now().toISOString();
    if (now === sentNow) return;
    sentNow = now;
    tell(c, { now });
  }

  function launch() {
    const c = forkWorker();
    child = c;
    ready = false;
    c.on("message", (message: WorkerMessage) => {
      if (typeof message === "object" && "warn" in message) log.warn(message.warn.obj, message.warn.msg);
    });
    // A process that cannot be reached is ended too, so that no second one runs beside it.
    c.on("error", () => c.kill("SIGKILL"));
    c.once("exit", () => {
      if (child !== c) return;
      child = undefined;
      if (!running) return;
      log.warn({ code: c.exitCode, signal: c.signalCode }, "push worker process ended; starting another");
      restart = setTimeout(launch, RESTART_MS);
      restart.unref();
    });
    whenReady(c).then(
      () => {
        if (child !== c) return;
        sentNow = follows ? clock.now().toISOString() : "";
        tell(c, { start: { ...options, databaseUrl, now: follows ? sentNow : null } });
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
      if (follows) {
        clockTimer = setInterval(() => child && ready && passClock(child), FOLLOW_CLOCK_MS);
        clockTimer.unref();
      }
    },
    wake() {
      if (!child || !ready) return;
      // Rows due by a clock the tests moved are claimed by that clock.
      passClock(child);
      tell(child, "wake");
    },
    async stop() {
      running = false;
      clearTimeout(restart);
      clearInterval(clockTimer);
      const c = child;
      child = undefined;
      if (c) await endWorker(c, ready);
    },
  };
}
