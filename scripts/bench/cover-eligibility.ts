// The eligibility step of a cover alert (issue 36, DESIGN §7: p99 < 25 ms at 100 req/s), timed on
// its own: the product's `eligibleColleagues` (server/swaps/cover-alerts.ts), the one statement of
// candidates with their working shifts and the working-time rules for each, called at a steady rate
// from this process on a pool like the server's, against the bench database. No HTTP route runs
// the step alone, and creating requests at 100 a second would measure the whole creation (locks,
// inserts, a push per colleague) instead: that is the fan-out's own figure (cover-fanout.ts).
// Latency runs from when each call was due (no coordinated omission); the work is this process's
// CPU and its database backends' (work.mjs), per call.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import type { NeedShift, Requester } from "./cover-scenario";
import type { Load } from "./drive";
import { watchWork } from "./work.mjs";

const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? null
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const round = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

/**
 * Calls at `rate` a second for `seconds`, each timed from when it was due; resolves when all have
 * ended. As load.mjs does, a call is not made (`dropped`) while two seconds' worth are still running:
 * a step slower than its rate would otherwise pile up without end.
 */
async function paced(rate: number, seconds: number, call: () => Promise<unknown>) {
  const latencies: number[] = [];
  let errors = 0;
  let dropped = 0;
  let inFlight = 0;
  const running: Promise<void>[] = [];
  const start = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight >= rate * 2) {
      dropped += 1;
      continue;
    }
    inFlight += 1;
    running.push(
      call().then(
        () => {
          inFlight -= 1;
          latencies.push(performance.now() - due);
        },
        () => {
          inFlight -= 1;
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(running);
  return { latencies, errors, dropped, seconds: (performance.now() - start) / 1000 };
}

type Step = {
  connect: typeof import("../../server/db/open").connect;
  eligibleColleagues: typeof import("../../server/swaps/cover-alerts").eligibleColleagues;
  DEFAULT_WTR_LIMITS: typeof import("../../common/working-time").DEFAULT_WTR_LIMITS;
};
let compiled: Promise<Step> | null = null;

/**
 * The step as production runs it: compiled by esbuild with the options of `npm run build`'s server
 * bundle (scripts/build.mjs). Run through tsx, which keeps every function's name by wrapping it,
 * the working-time rules cost 2.5 times what they cost in the server (2.9 against 1.2 ms a call for
 * 330 colleagues). Written under node_modules so the bundle's packages resolve as the server's do.
 */
function productionStep(): Promise<Step> {
  compiled ??= (async () => {
    const esbuild = await import("esbuild");
    const root = path.resolve(import.meta.dirname, "../..");
    const dir = path.join(root, "node_modules/.cache/crewswap-bench");
    mkdirSync(dir, { recursive: true });
    const outfile = path.join(dir, "cover-eligibility.mjs");
    await esbuild.build({
      stdin: {
        contents: [
          `export { connect } from "./server/db/open";`,
          `export { eligibleColleagues } from "./server/swaps/cover-alerts";`,
          `export { DEFAULT_WTR_LIMITS } from "./common/working-time";`,
        ].join("\n"),
        resolveDir: root,
        loader: "ts",
      },
      absWorkingDir: root,
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node22",
      packages: "external",
      logLevel: "warning",
    });
    return (await import(`${pathToFileURL(outfile).href}?${Date.now()}`)) as Step;
  })();
  return compiled;
}

/** One run: a warm-up, then `duration` seconds at `rate`, with the work it cost. */
export async function timeEligibility(opts: {
  dbUrl: string;
  requester: Pick<Requester, "id" | "clinicalGrade" | "hub">;
  shift: NeedShift;
  rate: number;
  duration: number;
  warmup: number;
}): Promise<Load & { candidates: number }> {
  const { connect, eligibleColleagues, DEFAULT_WTR_LIMITS } = await productionStep();
  // The server's pool (server/db/open.ts), which keeps its connections open.
  const poolSize = 20;
  const database = await connect(opts.dbUrl, poolSize, { keepOpen: true });
  try {
    // Request id 0: a request nobody has been told about yet, as a new one is.
    const call = () => eligibleColleagues(database.db, DEFAULT_WTR_LIMITS, opts.requester, 0, opts.shift);
    // Every connection opened and its statements planned first, as on a server that has been up a
    // while: the warm-up alone needs two or three, and when calls then overlapped, each new backend
    // (a fork, catalogue caches, planning) held the calls behind it up; a run in two or three
    // measured 0.3-0.8 s of that in its p99.
    const [first] = await Promise.all(Array.from({ length: poolSize }, call));
    const candidates = first.length;
    await paced(opts.rate, opts.warmup, call);
    const work = await watchWork({ serverPids: [process.pid], dbUrl: opts.dbUrl });
    const run = await paced(opts.rate, opts.duration, call);
    const measured = await work.stop(run.latencies.length);
    const sorted = run.latencies.sort((a, b) => a - b);
    const requests = sorted.length + run.errors;
    return {
      dropped: run.dropped,
      requests,
      achievedRate: Math.round(requests / run.seconds),
      ok: sorted.length,
      non2xx: 0,
      errors: run.errors,
      statusCodes: {},
      p50: round(pct(sorted, 50)),
      p90: round(pct(sorted, 90)),
      p99: round(pct(sorted, 99)),
      p999: round(pct(sorted, 99.9)),
      max: round(sorted[sorted.length - 1] ?? null),
      mean: round(sorted.reduce((s, n) => s + n, 0) / (sorted.length || 1)),
      bytesPerResponse: 0,
      work: measured,
      candidates,
    };
  } finally {
    await database.close();
  }
}
