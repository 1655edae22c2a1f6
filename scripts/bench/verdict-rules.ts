// What every verdict of `npm run bench` shares: the Budget it prints, and how a latency verdict is
// taken from runs some of which had a busy machine (DESIGN §7; docs/benchmarks.md, "Verdicts").
import { ms, VERDICT_RUNS } from "./config";
import { busyWindow } from "./runs";

/**
 * INFO: a figure beside a budget that is not held to it (e.g. the import's stress case, or any figure
 * of a smoke run). PROVISIONAL: fewer runs than a verdict takes. BUSY: no latency verdict, fewer
 * than VERDICT_RUNS of the runs had a quiet machine (the work verdict beside it stands). `broken`:
 * the phase did not measure.
 */
export type Budget = {
  name: string;
  limit: string;
  value: string;
  verdict: "PASS" | "FAIL" | "MISSING" | "INFO" | "PROVISIONAL" | "BUSY";
  broken?: boolean;
};

type WorkFigures = {
  cpuMs: number | null;
  serverCpuMs: number | null;
  dbCpuMs: number | null;
  calls: number | null;
  blocks: number | null;
  cpuMsRange?: [number, number] | null;
};

/**
 * What one unit of a phase (a message, an import, a push, an alert) cost the server and its
 * database, beside its latency: the figure that neighbours barely move (DESIGN §7).
 */
export function workNote(work: WorkFigures | { perRequest: WorkFigures } | null | undefined, per: string): string {
  if (!work) return `; no work figure ${per}`;
  const w = "perRequest" in work ? work.perRequest : work;
  if (w.cpuMs === null) return `; no work figure ${per}`;
  const fixed = (n: number | null) => (n === null ? "–" : n < 10 ? n.toFixed(3) : n.toFixed(1));
  const spread =
    w.cpuMsRange && w.cpuMsRange[0] !== w.cpuMsRange[1] ? ` (${fixed(w.cpuMsRange[0])}–${fixed(w.cpuMsRange[1])})` : "";
  return (
    `; work ${per}: ${fixed(w.cpuMs)} ms CPU${spread} (server ${fixed(w.serverCpuMs)} + database ${fixed(w.dbCpuMs)}), ` +
    `${w.calls ?? "–"} statements, ${w.blocks ?? "–"} blocks`
  );
}

/** How busy the machine was in the family's worst window, so a reader knows what the run is worth. */
export function machineNote(work: any): string {
  const m = work?.machine;
  if (!m) return "";
  const busy = busyWindow(m);
  const steal = m.stealShare === null ? "–" : `${Math.round(m.stealShare * 100)} %`;
  return `; machine at its busiest ${busy ? "BUSY" : "quiet"}: steal ${steal}, ${m.otherCores ?? "–"} cores used outside the bench, load ${m.loadAvg1 ?? "–"}`;
}

/**
 * A latency verdict on the median of the runs whose window was quiet: PROVISIONAL with fewer runs
 * than a verdict takes, BUSY (no verdict) when fewer than that many were quiet.
 */
export function latencyVerdict(r: { runs: number; quietRuns: number }, pass: boolean): Budget["verdict"] {
  if (r.runs < VERDICT_RUNS) return "PROVISIONAL";
  if (r.quietRuns < VERDICT_RUNS) return "BUSY";
  return pass ? "PASS" : "FAIL";
}

/** What the runs behind a latency figure were: how many, how many quiet, their range. */
export function runsNote(r: any, pass: boolean): string {
  if (r.runs < VERDICT_RUNS)
    return `${r.runs === 1 ? "one run" : `${r.runs} runs`}, not a verdict: that takes the median of ${VERDICT_RUNS}, would ${pass ? "pass" : "fail"}`;
  const range = `(${ms(r.p99Range?.[0])}–${ms(r.p99Range?.[1])})`;
  if (r.quietRuns < VERDICT_RUNS)
    return `no latency verdict: machine busy in ${r.runs - r.quietRuns} of ${r.runs} runs (p99 of all runs ${ms(r.p99AllRuns)} ms)`;
  const left = r.runs > r.quietRuns ? `, ${r.runs - r.quietRuns} busy run(s) left out` : "";
  return `median of ${r.quietRuns} quiet runs ${range}${left}`;
}
