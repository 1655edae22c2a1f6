import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";

/**
 * Lighthouse (mobile preset: a mid-range phone on a slow 4G link, simulated) on the sign-in page
 * and the five signed-in screens of DESIGN §7, in the system Chromium. Each page runs `runs` times
 * and is judged on its median performance score, the usual way to tame Lighthouse's variance;
 * every run's figures are kept.
 */

export const LIGHTHOUSE_PAGES = ["/", "/dashboard", "/calendar", "/swap-requests", "/messages", "/profile"] as const;
export const LIGHTHOUSE_BUDGET = { performance: 95, accessibility: 100 };
/**
 * Runs per page; each page's figures are those of its median run. Lighthouse's guidance
 * (docs/variability.md) is that the median of five roughly halves the spread of a single run; on
 * the 2-core bench machine single runs of one page spanned 83-100, and medians of three 83-96.
 */
export const LIGHTHOUSE_RUNS = 5;

/** The flags these machines' Chromium needs to run headless without a desktop or network extras. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type LighthouseRun = {
  performance: number;
  accessibility: number;
  /** Milliseconds, except cls (unitless). */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** The observed (unthrottled) LCP on this machine, before the phone simulation. */
  observedLcpMs: number | null;
  lcpElement: string | null;
  /** Audits that lost points: accessibility failures and the performance opportunities. */
  failing: { id: string; title: string; score: number | null; displayValue?: string }[];
  warnings: string[];
  /** Lighthouse's own measure of this machine's speed as the run began: higher is faster. */
  benchmarkIndex: number | null;
};

export type LighthousePage = { path: string; signedIn: boolean; median: LighthouseRun; runs: LighthouseRun[] };

export type LighthouseResult = {
  chromium: string;
  preset: "mobile";
  runsPerPage: number;
  pages: LighthousePage[];
  budgets: { name: string; limit: string; value: string; verdict: "PASS" | "FAIL" }[];
};

export type LighthouseOptions = {
  baseUrl: string;
  /** `name=value` of a signed-in session, sent with every request of the signed-in pages. */
  cookie: string;
  runs?: number;
  pages?: readonly string[];
  chromiumPath?: string;
  log?: (msg: string) => void;
};

export async function benchLighthouse(opts: LighthouseOptions): Promise<LighthouseResult> {
  const runs = opts.runs ?? LIGHTHOUSE_RUNS;
  const log = opts.log ?? (() => undefined);
  const chromiumPath = opts.chromiumPath ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const pages: LighthousePage[] = [];
  for (const pagePath of opts.pages ?? LIGHTHOUSE_PAGES) {
    // The sign-in page is what a signed-out visitor sees: no session there, or it would redirect.
    const signedIn = pagePath !== "/";
    const done: LighthouseRun[] = [];
    for (let i = 0; i < runs; i++) {
      // A fresh browser per run: nothing cached or warmed by the run before. A run whose trace
      // broke (Lighthouse's runtime errors, e.g. NO_NAVSTART on a busy machine) is run once more.
      for (let attempt = 1; ; attempt++) {
        const chrome = await launchChromium(chromiumPath);
        try {
          done.push(await runOnce(`${opts.baseUrl}${pagePath}`, chrome.port, signedIn ? opts.cookie : null));
          break;
        } catch (error) {
          if (attempt >= 2 || !(error instanceof LighthouseRuntimeError)) throw error;
          log(`${pagePath}: ${error.message}; running it again`);
        } finally {
          await chrome.stop();
        }
      }
    }
    const median = medianRun(done);
    log(
      `${pagePath}: performance ${median.performance}, accessibility ${median.accessibility}, ` +
        `LCP ${Math.round(median.lcpMs)} ms, TBT ${Math.round(median.tbtMs)} ms, CLS ${median.cls.toFixed(3)}` +
        (runs > 1 ? ` (median of ${runs}: ${done.map((r) => r.performance).join(", ")})` : "") +
        `; machine benchmark index ${done.map((r) => r.benchmarkIndex ?? "–").join(", ")}`,
    );
    pages.push({ path: pagePath, signedIn, median, runs: done });
  }
  return {
    chromium: chromiumPath,
    preset: "mobile",
    runsPerPage: runs,
    pages,
    budgets: pages.map((p) => {
      const pass =
        p.median.performance >= LIGHTHOUSE_BUDGET.performance &&
        p.median.accessibility >= LIGHTHOUSE_BUDGET.accessibility;
      return {
        name: `lighthouse ${p.path}`,
        limit: `performance ≥ ${LIGHTHOUSE_BUDGET.performance}, accessibility ${LIGHTHOUSE_BUDGET.accessibility} (mobile)`,
        value:
          `performance ${p.median.performance}, accessibility ${p.median.accessibility}; ` +
          `LCP ${Math.round(p.median.lcpMs)} ms, TBT ${Math.round(p.median.tbtMs)} ms, CLS ${p.median.cls.toFixed(3)}` +
          (p.median.failing.length && !pass ? `; lost points: ${p.median.failing.map((f) => f.id).join(", ")}` : ""),
        verdict: pass ? "PASS" : "FAIL",
      };
    }),
  };
}

class LighthouseRuntimeError extends Error {}

async function runOnce(url: string, port: number, cookie: string | null): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    throw new LighthouseRuntimeError(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== new URL(url).pathname) {
    // A signed-in page that lands on / measured the sign-in page instead: the session was not sent.
    throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}`);
  }
  const audit = (id: string) => lhr.audits[id];
  const num = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  const score = (id: "performance" | "accessibility") => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metrics = audit("metrics")?.details as { items?: Record<string, number>[] } | undefined;
  const lcpElement = audit("largest-contentful-paint-element")?.details as
    | { items?: { items?: { node?: { snippet?: string } }[] }[] }
    | undefined;
  const failing: LighthouseRun["failing"] = [];
  for (const category of ["accessibility", "performance"] as const) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const a = audit(ref.id);
      if (!a || a.score === null || a.score >= 0.9) continue;
      if (category === "performance" && ref.weight === 0 && a.details?.type !== "opportunity") continue;
      failing.push({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue });
    }
  }
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    fcpMs: num("first-contentful-paint"),
    lcpMs: num("largest-contentful-paint"),
    tbtMs: num("total-blocking-time"),
    cls: num("cumulative-layout-shift"),
    speedIndexMs: num("speed-index"),
    observedLcpMs: metrics?.items?.[0]?.observedLargestContentfulPaint ?? null,
    lcpElement: lcpElement?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    failing,
    warnings: lhr.runWarnings,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  };
}

/** The run with the median performance score (its own figures, not a mix of runs). */
function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  // Accessibility does not vary with load: the worst run counts.
  return { ...median, accessibility: Math.min(...runs.map((r) => r.accessibility)) };
}

async function launchChromium(executable: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "crewswap-lighthouse-"));
  const child: ChildProcess = spawn(
    executable,
    [...CHROMIUM_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    // Its own process group, so stopping it stops its helper processes too.
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      killGroup("SIGTERM");
      const timer = setTimeout(() => killGroup("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    // Helpers that outlived the browser would keep writing the profile while it is removed.
    killGroup("SIGKILL");
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let err = "";
      const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${err.slice(-2000)}`)), 30_000);
      child.stderr?.on("data", (chunk: Buffer) => {
        err += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (${code}):\n${err.slice(-2000)}`));
      });
    });
    return { port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
