// Several runs of one family folded into one figure: the median, with the range beside it, for
// latency and for work per request; and B/A ratios of paired runs for `--against`.
import { BUSY_OTHER_CORES, BUSY_STEAL } from "./config";
import type { Load, Work } from "./drive";

const round = (n: number, places = 2) => Number(n.toFixed(places));

export function median(xs: (number | null | undefined)[]): number | null {
  const sorted = xs.filter((x): x is number => typeof x === "number" && Number.isFinite(x)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export type Range = [number, number] | null;

export function range(xs: (number | null | undefined)[]): Range {
  const ok = xs.filter((x): x is number => typeof x === "number" && Number.isFinite(x));
  return ok.length === 0 ? null : [Math.min(...ok), Math.max(...ok)];
}

export type WorkSummary = {
  /** Where the database's counters came from: pg_stat_statements, or pg_stat_database without it. */
  source: string;
  /** Medians over the runs, per answered request. */
  serverCpuMs: number | null;
  dbCpuMs: number | null;
  cpuMs: number | null;
  cpuMsRange: Range;
  calls: number | null;
  rows: number | null;
  blocks: number | null;
  /** The busiest the machine was in any of the runs' windows. */
  machine: { stealShare: number | null; otherCores: number | null; loadAvg1: number | null };
};

export function summariseWork(works: Work[]): WorkSummary | null {
  if (works.length === 0) return null;
  const per = works.map((w) => w.perRequest);
  const worst = (pick: (m: NonNullable<Work["machine"]>) => number | null) =>
    range(works.map((w) => (w.machine ? pick(w.machine) : null)))?.[1] ?? null;
  return {
    source: works[0].source,
    serverCpuMs: median(per.map((p) => p.serverCpuMs)),
    dbCpuMs: median(per.map((p) => p.dbCpuMs)),
    cpuMs: median(per.map((p) => p.cpuMs)),
    cpuMsRange: range(per.map((p) => p.cpuMs)),
    calls: median(per.map((p) => p.calls)),
    rows: median(per.map((p) => p.rows)),
    blocks: median(per.map((p) => p.blocks)),
    machine: {
      stealShare: worst((m) => m.stealShare),
      otherCores: worst((m) => m.otherCores),
      loadAvg1: worst((m) => m.loadAvg1),
    },
  };
}

export type RunsSummary = ReturnType<typeof summariseRuns>;

/**
 * A window the machine's neighbours were busy in: CPU steal of BUSY_STEAL or more, or processes
 * outside the bench using BUSY_OTHER_CORES cores or more. Its latency says more about them than
 * about CrewSwap; its work per request still counts.
 */
export function busyWindow(machine: Work["machine"] | undefined): boolean {
  if (!machine) return false;
  return (machine.stealShare ?? 0) >= BUSY_STEAL || (machine.otherCores ?? 0) >= BUSY_OTHER_CORES;
}

/**
 * Median latency and work of a family's runs; errors summed, the lowest rate achieved. Latency is
 * taken from the runs whose window was quiet (`quietRuns`) when there are any, else from all of
 * them; work per request always from all of them.
 */
export function summariseRuns(loads: Load[]) {
  const sum = (pick: (l: Load) => number | undefined) => loads.reduce((s, l) => s + (pick(l) ?? 0), 0);
  const quiet = loads.filter((l) => !busyWindow(l.work?.machine));
  const timed = quiet.length > 0 ? quiet : loads;
  return {
    runs: loads.length,
    quietRuns: quiet.length,
    p50: median(timed.map((l) => l.p50)),
    p99: median(timed.map((l) => l.p99)),
    max: median(timed.map((l) => l.max)),
    p50Range: range(timed.map((l) => l.p50)),
    p99Range: range(timed.map((l) => l.p99)),
    /** Every run's p99, busy or not, for the record. */
    p99AllRuns: median(loads.map((l) => l.p99)),
    achievedRate: Math.min(...timed.map((l) => l.achievedRate)),
    requests: sum((l) => l.requests),
    errors: sum((l) => l.errors),
    non2xx: sum((l) => l.non2xx),
    dropped: sum((l) => l.dropped),
    slow: sum((l) => l.slow),
    work: summariseWork(loads.flatMap((l) => (l.work ? [l.work] : []))),
    perRun: loads.map((l) => ({
      p50: l.p50,
      p99: l.p99,
      cpuMs: l.work?.perRequest.cpuMs ?? null,
      busy: busyWindow(l.work?.machine),
      otherCores: l.work?.machine?.otherCores ?? null,
      stealShare: l.work?.machine?.stealShare ?? null,
    })),
  };
}

export type PairRatio = { median: number | null; range: Range };

/** B/A of each pair of runs taken one after the other, then their median and range. */
export function pairRatios(a: Load[], b: Load[]) {
  const of = (pick: (l: Load) => number | null | undefined): PairRatio => {
    const ratios = a.map((l, i) => {
      const x = pick(l);
      const y = b[i] ? pick(b[i]) : null;
      return x && y ? y / x : null;
    });
    const r = range(ratios);
    const m = median(ratios);
    return { median: m === null ? null : round(m), range: r && [round(r[0]), round(r[1])] };
  };
  return {
    p50: of((l) => l.p50),
    p99: of((l) => l.p99),
    cpuMs: of((l) => l.work?.perRequest.cpuMs),
    serverCpuMs: of((l) => l.work?.perRequest.serverCpuMs),
    dbCpuMs: of((l) => l.work?.perRequest.dbCpuMs),
    blocks: of((l) => l.work?.perRequest.blocks),
  };
}
