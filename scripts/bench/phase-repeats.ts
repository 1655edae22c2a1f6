// `--repeat N` for the phases that are not families: the push bursts beside reads, the sockets and
// the two-instance notifications run N times, and their figures are folded as the families' are:
// the median with the range beside it, losses and double sends summed over the runs.
import type { NotificationBench } from "./notifications";
import type { BurstReads } from "./push-burst";
import { busyWindow, median, range, summariseWork } from "./runs";

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

/** Runs `run` n times, one after another, stopping at the first that reports no figures. */
export async function repeatRuns<T>(n: number, run: (k: number) => Promise<T>, ok: (r: T) => boolean): Promise<T[]> {
  const out: T[] = [];
  for (let k = 1; k <= n; k++) {
    const r = await run(k);
    out.push(r);
    if (!ok(r)) break;
  }
  return out;
}

/** The burst runs of each family (run one after another, `runs` each) folded into one line each. */
export function foldBursts(out: BurstReads[]) {
  const names = [...new Set(out.map((b) => b.family))];
  return names.map((family) => {
    const of = out.filter((b) => b.family === family);
    const [first] = of;
    const push = of.map((b) => b.push);
    return {
      ...first,
      runs: of.length,
      read: {
        p50: median(of.map((b) => b.read.p50)),
        p99: median(of.map((b) => b.read.p99)),
        achievedRate: Math.min(...of.map((b) => b.read.achievedRate)),
        errors: sum(of.map((b) => b.read.errors)),
        non2xx: sum(of.map((b) => b.read.non2xx)),
      },
      readP99Range: range(of.map((b) => b.read.p99)),
      push: {
        ...first.push,
        p50Ms: median(push.map((p) => p.p50Ms)) ?? 0,
        p99Ms: median(push.map((p) => p.p99Ms)) ?? 0,
        maxMs: Math.max(...push.map((p) => p.maxMs)),
        lost: sum(push.map((p) => p.lost)),
        doubled: sum(push.map((p) => p.doubled)),
      },
      pushP99Range: range(push.map((p) => p.p99Ms)),
      perRun: of.map((b) => ({ readP99: b.read.p99, pushP99Ms: b.push.p99Ms, accounting: b.push.accounting })),
    };
  });
}

/** The notification runs: median p99 and its range, losses and double sends summed. */
export function foldNotifications(runs: NotificationBench[]) {
  const [first] = runs;
  return {
    ...first,
    runs: runs.length,
    p50Ms: median(runs.map((r) => r.p50Ms)) ?? 0,
    p99Ms: median(runs.map((r) => r.p99Ms)) ?? 0,
    p99Range: range(runs.map((r) => r.p99Ms)),
    maxMs: Math.max(...runs.map((r) => r.maxMs)),
    lost: sum(runs.map((r) => r.lost)),
    doubled: sum(runs.map((r) => r.doubled)),
    perRun: runs.map((r) => ({
      p99Ms: r.p99Ms,
      lost: r.lost,
      doubled: r.doubled,
      cpuMs: r.work.perRequest.cpuMs,
      accounting: r.accounting,
    })),
    workSummary: summariseWork(runs.map((r) => r.work)),
    busyRuns: runs.filter((r) => busyWindow(r.work.machine)).length,
  };
}

/** The socket runs: the median run's delivery figures, with the range of their p99s. */
export function foldSockets(runs: any[]) {
  const measured = runs.filter((r) => r?.deliveryMs);
  if (measured.length === 0) return runs[runs.length - 1];
  const p99s = measured.map((r) => r.deliveryMs.p99);
  const mid = median(p99s);
  const pick = measured.find((r) => r.deliveryMs.p99 === mid) ?? measured[0];
  return {
    ...pick,
    runs: measured.length,
    deliveryMs: { ...pick.deliveryMs, p99: mid },
    p99Range: range(p99s),
    perRun: measured.map((r) => ({ ...r.deliveryMs, cpuMs: r.work?.perRequest.cpuMs ?? null })),
    work: summariseWork(measured.flatMap((r) => (r.work ? [r.work] : []))),
    busyRuns: measured.filter((r) => busyWindow(r.work?.machine)).length,
  };
}
