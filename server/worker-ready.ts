import type { Worker } from "node:worker_threads";

/**
 * A thread posts "ready" once its modules have loaded. Resolves with the worker then; if it fails
 * or exits first, rejects and ends the thread.
 */
export function whenReady(worker: Worker): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      worker.off("message", onReady);
      worker.off("error", fail);
      worker.off("exit", fail);
    };
    const fail = (error: unknown) => {
      settle();
      void worker.terminate();
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
