import { readdirSync } from "node:fs";
import os from "node:os";

/**
 * Puts every thread of this process at nice 10. On Linux a nice value is a thread's own: set from
 * the main thread it leaves V8's garbage-collection helpers and libuv's pool, started before, at
 * the normal priority. Threads started later inherit it from the one that starts them.
 */
export function lowerPriority(): void {
  if (process.platform !== "linux") return;
  let threads = [0];
  try {
    threads = readdirSync("/proc/self/task").map(Number);
  } catch {
    // no /proc here: the main thread only
  }
  for (const tid of threads) {
    try {
      os.setPriority(tid, 10);
    } catch {
      // not allowed here: this thread runs at the normal priority
    }
  }
}
