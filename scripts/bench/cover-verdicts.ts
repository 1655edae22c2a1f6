// The cover-alert budgets of DESIGN §7 as verdicts: the eligibility step's p99 (with its work per
// call), commit → last push for a request that alerts 300, and the reads beside the fan-out.
import { ms, VERDICT_RUNS } from "./config";
import { COVER } from "./cover-alerts";
import { type Budget, latencyVerdict, machineNote, runsNote, workNote } from "./verdict-rules";

export function coverVerdicts(cover: any): Budget[] {
  if (!cover) return [];
  if (!cover.eligibility) {
    const verdict = cover.status === "missing" ? "MISSING" : "FAIL";
    return [{ name: "cover_alerts", limit: "the phase runs", value: cover.status, verdict, broken: true }];
  }
  const e = cover.eligibility;
  const f = cover.fanout;
  const clean = e.errors === 0 && !e.dropped && e.achievedRate >= COVER.rate * 0.9;
  const pass = clean && e.p99 !== null && e.p99 < COVER.eligibilityP99Ms;
  const budgets: Budget[] = [
    {
      name: "cover_eligibility",
      limit: `p99 < ${COVER.eligibilityP99Ms} ms at ${COVER.rate} a second, ${e.candidates} colleagues eligible`,
      value:
        `p99 ${ms(e.p99)} ms, ${runsNote(e, pass)}; achieved ${e.achievedRate} a second` +
        `${e.dropped ? `, ${e.dropped} not made: saturated` : ""}; ${e.work?.cpuMs?.toFixed(3) ?? "–"} ms CPU a call ` +
        `(${e.work?.calls ?? "–"} statements, ${e.work?.rows ?? "–"} rows, ${e.work?.blocks ?? "–"} blocks)` +
        `${machineNote(e.work)}`,
      verdict: latencyVerdict(e, pass),
      broken: e.errors > 0,
    },
  ];
  const enough = f.alerted.min >= COVER.colleagues;
  const pushOk = f.lastPushMs.p99 !== null && f.lastPushMs.p99 < COVER.lastPushP99Ms && f.lost === 0 && f.doubled === 0;
  budgets.push({
    name: "cover_fanout",
    limit: `commit → last push p99 < ${COVER.lastPushP99Ms} ms, a request alerting ${COVER.colleagues}, none lost or doubled`,
    value:
      `last push p99 ${f.lastPushMs.p99} ms over ${f.requests} requests alerting ${f.alerted.min}–${f.alerted.max} ` +
      `(every push p99 ${f.pushMs.p99} ms), ${f.lost} lost, ${f.doubled} doubled, ${f.late} late; ` +
      `${f.runs} runs${enough ? "" : `: fewer than ${COVER.colleagues} alerted, not a verdict`}` +
      `${f.busyRuns > 0 ? `; no latency verdict: machine busy beside ${f.busyRuns} of them` : ""}` +
      workNote(f.alone?.workPerAlert, `an alert, ${f.alone?.requests ?? 0} requests alone`) +
      (f.alone?.cpuMsPerRequest ? ` (${f.alone.cpuMsPerRequest} ms CPU a request)` : ""),
    verdict: !enough
      ? "INFO"
      : f.lost + f.doubled > 0
        ? "FAIL"
        : f.runs < VERDICT_RUNS
          ? "PROVISIONAL"
          : f.busyRuns > 0
            ? "BUSY"
            : pushOk
              ? "PASS"
              : "FAIL",
    broken: f.lost + f.doubled > 0,
  });
  for (const r of f.reads) {
    const ok = r.errors === 0 && r.toBefore !== null && r.toBefore <= COVER.readsToQuiet;
    budgets.push({
      name: `${r.family}_during_cover_fanout`,
      limit: `p99 ≤ ${COVER.readsToQuiet}× its own p99 without the fan-out just before, median of the runs' ratios`,
      value:
        `p99 ${ms(r.p99)} ms (${ms(r.p99Range?.[0])}–${ms(r.p99Range?.[1])}), ${r.toBefore ?? "–"}× ` +
        `(runs ${r.toBeforeRange?.[0] ?? "–"}–${r.toBeforeRange?.[1] ?? "–"}×) the reads just before ` +
        `(${ms(r.beforeP99Range?.[0])}–${ms(r.beforeP99Range?.[1])} ms); ${r.toQuiet ?? "–"}× the families phase's ` +
        `${ms(r.quietP99)} ms; ${r.runs} runs, ${r.busyRuns} busy`,
      verdict: r.runs < VERDICT_RUNS ? "PROVISIONAL" : r.busyRuns > 0 ? "BUSY" : ok ? "PASS" : "FAIL",
    });
  }
  return budgets;
}
