// Lighthouse for `npm run bench` in a process of its own, which exits when the pages are done.
// Lighthouse processes each run's trace (tens of megabytes) in the process that calls it. In the
// bench's own process that left a heap whose full collections, later in the same run, paused for
// 50-80 ms on both cores, and the push-burst phase measured those pauses as the server's reads.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { LighthouseOptions, LighthouseResult } from "./lighthouse";

type ChildOptions = Omit<LighthouseOptions, "log">;
type FromChild = { log: string } | { result: LighthouseResult } | { error: string };

/** benchLighthouse, run in a child process; its log lines come back through `opts.log`. */
export function benchLighthouseInChild(opts: LighthouseOptions): Promise<LighthouseResult> {
  const { log, ...options } = opts;
  const child = fork(fileURLToPath(import.meta.url), ["--child"], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise<LighthouseResult>((resolve, reject) => {
    let settled: { result: LighthouseResult } | { error: string } | undefined;
    child.on("message", (m: FromChild) => {
      if ("log" in m) log?.(m.log);
      else settled = m;
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (settled && "result" in settled) resolve(settled.result);
      else reject(new Error(settled?.error ?? `the Lighthouse process exited (code ${code}, signal ${signal})`));
    });
    // The session cookie goes over IPC, not on a command line other users of the machine can list.
    child.send(options satisfies ChildOptions);
  });
}

function runAsChild() {
  const fail = (err: unknown) =>
    process.send?.({ error: (err as Error)?.stack ?? String(err) } satisfies FromChild, () => process.exit(1));
  // An error outside the runs' promises (a browser that cannot be started at all) still reaches the bench.
  process.once("uncaughtException", fail);
  process.once("message", async (options: ChildOptions) => {
    // Imported here, so that the bench's own process never loads Lighthouse at all.
    const { benchLighthouse } = await import("./lighthouse");
    benchLighthouse({ ...options, log: (line) => process.send?.({ log: line } satisfies FromChild) }).then(
      (result) => process.send?.({ result } satisfies FromChild, () => process.exit(0)),
      fail,
    );
  });
}

if (process.argv.includes("--child")) runAsChild();
