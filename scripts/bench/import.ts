/**
 * Roster import benchmark (DESIGN §7: a 5 MB roster imports in < 3 s while other requests stay
 * under 50 ms). Builds ~5 MB rosters with SheetJS, starts the app as a real process (or uses
 * `baseUrl`), uploads each roster a few times while other clients keep calling GET /api/auth/user,
 * and reports the time to answer and the latency of those calls.
 *
 *   npx tsx scripts/bench/import.ts            one JSON line on stdout
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, root, runNode, spawnNode, waitForUrl } from "../lib/processes";
import type { Work, WorkTarget } from "./drive";
import { buildRoster, type RosterProfile } from "./import-rosters";
import { watchWork } from "./work.mjs";

export type BenchImportOptions = {
  /** A running app to measure; without it the app is started from this checkout on a fresh embedded database. */
  baseUrl?: string;
  /** Which rosters to build: 'wide' = 4 years of rows with many long text columns; 'long' = 20,000 rows (the row limit). */
  profiles?: RosterProfile[];
  /** Approximate size of each roster file. */
  targetBytes?: number;
  /** Uploads per roster (the first creates the shifts, the others replace them). */
  runs?: number;
  /** Rate of the light requests sent meanwhile (GET /api/auth/user per second). */
  requestsPerSecond?: number;
  /**
   * The processes `baseUrl`'s work is counted on. Without it, only the server this file starts is
   * (its embedded database's backends are not: run from `npm run bench` for those).
   */
  work?: WorkTarget;
  log?: (message: string) => void;
};

type Latencies = { requests: number; p50Ms: number; p99Ms: number; maxMs: number };

export type ProfileResult = {
  profile: RosterProfile;
  /** The 'wide' roster is what a clinician's 5 MB export looks like; 'long' is the row limit, a stress case. */
  realistic: boolean;
  fileBytes: number;
  sheets: number;
  rows: number;
  shiftsImported: number;
  importMs: { first: number; median: number; max: number };
  /** GET /api/auth/user meanwhile (a session lookup in PostgreSQL, so it shares the database with the import). */
  during: Latencies;
  /** GET /api/meta meanwhile (no database): the event loop's own delay, what DESIGN §7 budgets. */
  duringNoDb: Latencies;
  /** One more upload with nothing else running: what an import costs the server and its database. */
  workPerImport: Work | null;
  withinBudget: boolean;
};

export type BenchImportResult = {
  bench: "import";
  budget: { importMs: number; concurrentP99Ms: number };
  /** The first upload after start: it waits for a parsing worker to boot. */
  coldStartMs: number;
  /** The machine's 1-minute load average at the start and the end: other work skews every figure. */
  loadAverage: [number, number];
  baseline: Latencies;
  profiles: ProfileResult[];
  pass: boolean;
};

const BUDGET = { importMs: 3000, concurrentP99Ms: 50 };
const round = (n: number) => Math.round(n * 10) / 10;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarise(samples: number[]): Latencies {
  const s = [...samples].sort((a, b) => a - b);
  return {
    requests: s.length,
    p50Ms: round(percentile(s, 50)),
    p99Ms: round(percentile(s, 99)),
    maxMs: round(s[s.length - 1] ?? 0),
  };
}

async function startApp(
  log: (m: string) => void,
): Promise<{ baseUrl: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-bench-import-"));
  const app = spawnNode(
    "dist/server/main.js",
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      APP_URL: "",
    },
    [],
    10_000,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  log(`starting the app on ${baseUrl}`);
  try {
    await waitForUrl(`${baseUrl}/api/health`, app, 120_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, pid: app.pid, stop };
}

async function signUp(baseUrl: string): Promise<string> {
  const email = `bench.import.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@nhs.net`;
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({
      firstName: "Bench",
      lastName: "Import",
      email,
      username: email,
      password: "Bench#import1",
      clinicalGrade: "paramedic",
      paramedicBase: "Dudley",
      activelySeekingSwaps: false,
      swapUrgency: "none",
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Calls GET `path` (default /api/auth/user) at a steady rate (an open loop: a slow answer does not slow the next
 * call) until stopped, and returns each call's latency: what any other user would feel meanwhile.
 */
function lightTraffic(baseUrl: string, cookie: string, perSecond: number, path = "/api/auth/user") {
  const samples: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const call = () => {
    const t0 = performance.now();
    const done = fetch(`${baseUrl}${path}`, { headers: { cookie } })
      .then((res) => res.arrayBuffer())
      .then(() => {
        samples.push(performance.now() - t0);
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };
  const timer = setInterval(call, 1000 / perSecond);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
      return samples;
    },
  };
}

async function upload(baseUrl: string, cookie: string, bytes: Buffer): Promise<{ ms: number; shifts: number }> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), "roster.xlsx");
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api/shifts/import`, {
    method: "POST",
    headers: { cookie, origin: baseUrl },
    body: form,
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`import failed: ${res.status} ${text.slice(0, 300)}`);
  return { ms, shifts: (JSON.parse(text) as { shifts: unknown[] }).shifts.length };
}

export async function benchImport(opts: BenchImportOptions = {}): Promise<BenchImportResult> {
  const log = opts.log ?? (() => undefined);
  const profiles = opts.profiles ?? ["wide", "long"];
  const targetBytes = opts.targetBytes ?? 5 * 1024 * 1024 - 200 * 1024;
  const runs = opts.runs ?? 3;
  const perSecond = opts.requestsPerSecond ?? 50;

  const loadBefore = os.loadavg()[0];
  const app = opts.baseUrl ? { baseUrl: opts.baseUrl, pid: null, stop: async () => undefined } : await startApp(log);
  const target = opts.work ?? (app.pid === null ? null : { serverPids: [app.pid], dbUrl: null });
  try {
    const cookie = await signUp(app.baseUrl);
    // Warm-up: connections, the session lookup and the parsing worker are all ready before timing.
    const cold = await upload(app.baseUrl, cookie, buildRoster("wide", 50_000).bytes);
    const idle = lightTraffic(app.baseUrl, cookie, perSecond);
    await new Promise((r) => setTimeout(r, 2000));
    const baseline = summarise(await idle.stop());

    const results: ProfileResult[] = [];
    for (const profile of profiles) {
      const roster = buildRoster(profile, targetBytes);
      log(`${profile}: ${(roster.bytes.length / 1024 / 1024).toFixed(2)} MB, ${roster.rows} rows`);
      const times: number[] = [];
      const during: number[] = [];
      const duringNoDb: number[] = [];
      let shifts = 0;
      for (let i = 0; i < runs; i++) {
        const traffic = lightTraffic(app.baseUrl, cookie, perSecond);
        const noDb = lightTraffic(app.baseUrl, cookie, perSecond, "/api/meta");
        await new Promise((r) => setTimeout(r, 100));
        const answer = await upload(app.baseUrl, cookie, roster.bytes);
        during.push(...(await traffic.stop()));
        duringNoDb.push(...(await noDb.stop()));
        times.push(answer.ms);
        shifts = answer.shifts;
        log(`${profile} run ${i + 1}: ${Math.round(answer.ms)} ms, ${answer.shifts} shifts`);
      }
      let workPerImport: Work | null = null;
      if (target) {
        const watch = await watchWork(target);
        await upload(app.baseUrl, cookie, roster.bytes);
        workPerImport = await watch.stop(1);
        log(`${profile}: ${workPerImport.perRequest.cpuMs} ms CPU an import`);
      }
      const sorted = [...times].sort((a, b) => a - b);
      const importMs = {
        first: Math.round(times[0]),
        median: Math.round(percentile(sorted, 50)),
        max: Math.round(sorted[sorted.length - 1]),
      };
      const latencies = summarise(during);
      const noDbLatencies = summarise(duringNoDb);
      results.push({
        profile,
        realistic: profile === "wide",
        fileBytes: roster.bytes.length,
        sheets: roster.sheets,
        rows: roster.rows,
        shiftsImported: shifts,
        importMs,
        during: latencies,
        duringNoDb: noDbLatencies,
        workPerImport,
        withinBudget: importMs.max < BUDGET.importMs && latencies.p99Ms < BUDGET.concurrentP99Ms,
      });
    }
    const pass = results.filter((r) => r.realistic).every((r) => r.withinBudget);
    return {
      bench: "import",
      budget: BUDGET,
      coldStartMs: Math.round(cold.ms),
      loadAverage: [round(loadBefore), round(os.loadavg()[0])],
      baseline,
      profiles: results,
      pass,
    };
  } finally {
    await app.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The app runs compiled, as `npm start` runs it: build it first if it is out of date.
  await runNode(path.join(root, "scripts/ensure-build.mjs"), []);
  benchImport({ log: (m) => console.error(`[bench:import] ${m}`) })
    .then((result) => {
      console.log(JSON.stringify(result));
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
