import { Worker } from "node:worker_threads";
import type { EncryptAnswer, EncryptJob } from "./push-encrypt-thread";

// The compiled server (dist/server) has the thread compiled beside it; from source, tsx loads it.
const BOOT = import.meta.url.endsWith(".ts")
  ? new URL("./push-encrypt-boot.mjs", import.meta.url)
  : new URL("./push-encrypt-thread.js", import.meta.url);

export type EncryptedPush = { headers: Record<string, string>; body: Uint8Array<ArrayBuffer> };
export type PushEncrypter = {
  encrypt: (job: Omit<EncryptJob, "id">) => Promise<EncryptedPush>;
  close: () => Promise<void>;
};

type Waiting = { resolve: (p: EncryptedPush) => void; reject: (e: Error) => void };

/**
 * One thread per process encrypts pushes off the event loop. It starts with the first push and
 * is started again if it dies; the jobs it held fail, and the worker's retry sends them later.
 */
export function createPushEncrypter(): PushEncrypter {
  let worker: Worker | undefined;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();

  const failAll = (error: Error) => {
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };

  function thread(): Worker {
    if (worker) return worker;
    const w = new Worker(BOOT);
    w.on("message", (answer: EncryptAnswer) => {
      const entry = waiting.get(answer.id);
      if (!entry) return;
      waiting.delete(answer.id);
      if (answer.ok) entry.resolve({ headers: answer.headers, body: answer.body });
      else entry.reject(new Error(answer.reason));
    });
    w.on("error", (error) => {
      if (worker === w) worker = undefined;
      failAll(error);
    });
    w.on("exit", () => {
      if (worker === w) worker = undefined;
      failAll(new Error("push encryption thread stopped"));
    });
    // An idle thread must not keep a finished process alive.
    w.unref();
    worker = w;
    return w;
  }

  return {
    encrypt(job) {
      const id = nextId++;
      return new Promise<EncryptedPush>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        thread().postMessage({ ...job, id } satisfies EncryptJob);
      });
    },
    async close() {
      const w = worker;
      worker = undefined;
      failAll(new Error("push encryption thread closed"));
      if (w) await w.terminate();
    },
  };
}
