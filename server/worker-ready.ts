import type { ChildProcess } from "node:child_process";
import type { Worker } from "node:worker_threads";

/**
 * A thread or child process posts "ready" once its modules have loaded. Resolves with it then; if
 * it fails or exits first, rejects and ends it.
 */
export function whenReady<T extends Worker | ChildProcess>(worker: T): Promise<T> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      worker.off("message", onReady);
      worker.off("error", fail);
      worker.off("exit", fail);
    };
    const fail = (error: unknown) => {
      settle();
      if ("terminate" in worker) void worker.terminate();
      else worker.kill();
      reject(error);
    };
    const onReady = (message: unknown) => {
      if (message !== "ready") return;
      settle();
      resolve(worker);
    };
    worker.on("message", onReady);
    worker.once("error", fail);
    worker.once("exit", fail);
  });
}
