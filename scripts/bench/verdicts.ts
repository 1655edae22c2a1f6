// The last phase of `npm run bench`: a PASS/FAIL per budget of DESIGN §7. A family's verdict is
// taken on the median of at least VERDICT_RUNS runs; fewer give a PROVISIONAL figure that says so.
// Each says how busy the machine was meanwhile. A smoke run (--quick) gives no verdicts: only a
// phase that broke (an error, a route missing, requests failing, pushes lost) fails it.

import type { ClientSize } from "./client-size";
import { BUDGETS, ms, quick, ratio, VERDICT_RUNS, WORK_TO_FLOOR } from "./config";
import { coverVerdicts } from "./cover-verdicts";
import { families } from "./families";
import { type Budget, latencyVerdict, machineNote, runsNote, workNote } from "./verdict-rules";

/** Phase 5: a PASS/FAIL per budget of DESIGN §7. */
export function verdicts(
  results: Record<string, any>,
  client: ClientSize | { status: string },
  today: string,
): Budget[] {
  const budgets = [
    ...familyVerdicts(results.http.families, today),
    ...socketVerdicts(results.sockets),
    ...importVerdicts(results.import),
    ...pushVerdicts(results.pushBurst, results.notifications),
    ...coverVerdicts(results.coverAlerts),
    ...lighthouseVerdicts(results.lighthouse),
    clientVerdict(client),
  ];
  return quick ? budgets.map(smoke) : budgets;
}

function smoke(b: Budget): Budget {
  const broken = b.broken || b.verdict === "MISSING";
  return { ...b, verdict: broken ? "FAIL" : "INFO", value: `${b.value}${broken ? "" : " (smoke run: no verdict)"}` };
}

function familyVerdicts(fams: Record<string, any>, today: string): Budget[] {
  const budgets: Budget[] = [];
  for (const [name, r] of Object.entries(fams)) {
    const family = families(today).find((f) => f.name === name)!;
    if (family.budgetMs === undefined) continue;
    const limit = `p99 < ${family.budgetMs} ms at ${family.rate} req/s`;
    if (r.status !== "ok") {
      const verdict = r.status === "missing" ? "MISSING" : "FAIL";
      budgets.push({ name, limit, value: r.detail ?? r.status, verdict, broken: true });
      continue;
    }
    // A run that fell short of its rate or failed requests measured something else: it cannot pass.
    const clean = r.errors === 0 && r.non2xx === 0 && !r.dropped && r.achievedRate >= family.rate * 0.9;
    const pass = clean && r.p99 !== null && r.p99 < family.budgetMs;
    budgets.push({
      name,
      limit,
      value:
        `p99 ${ms(r.p99)} ms, ${runsNote(r, pass)}, ${r.ratio.p99ToBare ?? "–"}× the bare route ` +
        `(achieved ${r.achievedRate} req/s, ${r.errors} errors, ${r.non2xx} non-2xx` +
        `${r.dropped ? `, ${r.dropped} not sent: saturated` : ""})${machineNote(r.work)}`,
      verdict: latencyVerdict(r, pass),
      // Timeouts are a busy machine; an error answer or a refused connection is a broken phase.
      broken: r.non2xx > 0 || r.errors > r.slow,
    });
    if (family.method === "GET" && r.ratio.p99ToBareSameRound?.medianAllRounds) budgets.push(bareVerdict(name, r));
    if (family.method === "GET" && r.ratio.cpuToFloor !== null) budgets.push(workVerdict(name, r));
  }
  return budgets;
}

/**
 * DESIGN §7: a read's p99 within 3× the bare route's measured in the same run, round by round,
 * taken on the median of at least VERDICT_RUNS rounds whose windows were quiet (as a latency
 * verdict is): beside a busy neighbour the family queues and the bare route does not.
 */
function bareVerdict(name: string, r: any): Budget {
  const { median, range, quietRounds, medianAllRounds } = r.ratio.p99ToBareSameRound;
  const pass = median !== null && median <= BUDGETS.bareFactor;
  const limit = `p99 ≤ ${BUDGETS.bareFactor}× the bare route's in the same round`;
  const spread = `(${range[0]}–${range[1]})`;
  if (r.runs < VERDICT_RUNS) {
    const shown = median ?? medianAllRounds;
    return {
      name: `${name}_vs_bare`,
      limit,
      value: `${shown}× ${spread}, ${r.runs === 1 ? "one run" : `${r.runs} runs`}, not a verdict, would ${shown <= BUDGETS.bareFactor ? "pass" : "fail"}`,
      verdict: "PROVISIONAL",
    };
  }
  if (quietRounds < VERDICT_RUNS) {
    return {
      name: `${name}_vs_bare`,
      limit,
      value: `${medianAllRounds}× ${spread} over all ${r.runs} rounds, no verdict: ${quietRounds} of them quiet`,
      verdict: "BUSY",
    };
  }
  return {
    name: `${name}_vs_bare`,
    limit,
    value: `${median}× (all rounds ${spread}), median of ${quietRounds} quiet rounds of ${r.runs}`,
    verdict: pass ? "PASS" : "FAIL",
  };
}

/** DESIGN §7: a read's work per request within 2× the bare route's plus its own SQL's. */
function workVerdict(name: string, r: any): Budget {
  const pass = r.ratio.cpuToFloor <= WORK_TO_FLOOR;
  const runs =
    r.runs >= VERDICT_RUNS
      ? `median of ${r.runs} runs (${r.work.cpuMsRange[0].toFixed(3)}–${r.work.cpuMsRange[1].toFixed(3)} ms)`
      : `${r.runs === 1 ? "one run" : `${r.runs} runs`}, not a verdict, would ${pass ? "pass" : "fail"}`;
  return {
    name: `${name}_work`,
    limit: `server + database CPU per request ≤ ${WORK_TO_FLOOR}× the bare route's + its SQL's`,
    value:
      `${r.work.cpuMs.toFixed(3)} ms, ${r.ratio.cpuToFloor}× (bare ${r.bare.cpuMs.toFixed(3)} + ` +
      `sql ${r.sql.cpuMs.toFixed(3)} ms), ${runs}`,
    verdict: r.runs < VERDICT_RUNS ? "PROVISIONAL" : pass ? "PASS" : "FAIL",
  };
}

function socketVerdicts(sockets: any): Budget[] {
  const budgets: Budget[] = [];
  if (sockets) {
    budgets.push(
      sockets.deliveryMs
        ? {
            name: "socket_delivery",
            limit: `p99 < ${BUDGETS.socketP99Ms} ms, ${sockets.sockets} sockets, 2 instances`,
            value:
              `p99 ${ms(sockets.deliveryMs.p99)} ms; ${phaseRuns(sockets.runs ?? 1, sockets.p99Range, sockets.busyRuns)}` +
              workNote(sockets.work, "a message, both instances") +
              machineNote({ machine: sockets.work?.machine }),
            verdict: phaseVerdict(sockets.runs ?? 1, sockets.deliveryMs.p99 < BUDGETS.socketP99Ms, sockets.busyRuns),
          }
        : { name: "socket_delivery", limit: "p99 < 50 ms", value: sockets.status, ...verdictOf(sockets.status) },
    );
  }
  return budgets;
}

function importVerdicts(imp: any): Budget[] {
  const budgets: Budget[] = [];
  if (imp) {
    if (imp.profiles) {
      for (const p of imp.profiles) {
        budgets.push({
          name: `import_${p.profile}`,
          limit: `< ${BUDGETS.importMs} ms for ${(p.fileBytes / 1024 / 1024).toFixed(1)} MB, other requests p99 < ${BUDGETS.eventLoopMs} ms`,
          value:
            `max ${p.importMs.max} ms, others p99 ${ms(p.during.p99Ms)} ms${p.realistic ? "" : " (stress case)"}` +
            workNote(p.workPerImport, "an import") +
            machineNote(p.workPerImport),
          verdict:
            p.importMs.max < BUDGETS.importMs && p.during.p99Ms < BUDGETS.eventLoopMs
              ? "PASS"
              : p.realistic
                ? "FAIL"
                : "INFO",
        });
      }
    } else {
      budgets.push({ name: "import", limit: "< 3 s", value: imp.status, ...verdictOf(imp.status) });
    }
  }
  return budgets;
}

/**
 * A phase's runs: the median of at least VERDICT_RUNS is a verdict, fewer are PROVISIONAL. A phase
 * whose windows say how busy the machine was (`busyRuns`) gives no latency verdict (BUSY) unless
 * VERDICT_RUNS of them were quiet: its runs are not done again as the families' are.
 */
function phaseRuns(runs: number, p99Range: [number, number] | null | undefined, busyRuns = 0): string {
  if (runs < VERDICT_RUNS) return runs === 1 ? "one run, not a verdict" : `${runs} runs, not a verdict`;
  const busy = busyRuns > 0 ? `; machine busy in ${busyRuns} of them` : "";
  return `median of ${runs} runs${p99Range ? ` (${ms(p99Range[0])}–${ms(p99Range[1])})` : ""}${busy}`;
}

function phaseVerdict(runs: number, pass: boolean, busyRuns = 0): Budget["verdict"] {
  if (runs < VERDICT_RUNS) return "PROVISIONAL";
  if (runs - busyRuns < VERDICT_RUNS) return "BUSY";
  return pass ? "PASS" : "FAIL";
}

function pushVerdicts(
  burst: { families: ReturnType<typeof import("./phase-repeats").foldBursts>; workPerPush: any } | undefined,
  notifications: ReturnType<typeof import("./phase-repeats").foldNotifications> | undefined,
): Budget[] {
  const budgets: Budget[] = [];
  for (const b of burst?.families ?? []) {
    const clean = b.read.errors === 0 && b.read.non2xx === 0 && b.push.lost === 0 && b.push.doubled === 0;
    budgets.push({
      name: `${b.family}_during_push_burst`,
      limit:
        `p99 < ${BUDGETS.readP99Ms} ms while ${b.bursts} bursts of ${b.events} pushes fan out; ` +
        "push p99 < 1000 ms, none lost or doubled",
      value:
        `read p99 ${ms(b.read.p99)} ms (${ratio(b.read.p99, b.quietP99) ?? "–"}× its run without pushes), ` +
        `push p99 ${b.push.p99Ms} ms, ${b.push.lost} lost, ${b.push.doubled} doubled; ` +
        `the reads' p99 over ${phaseRuns(b.runs, b.readP99Range)}` +
        workNote(burst?.workPerPush, "a push, the burst alone"),
      // A push lost or sent twice fails however many runs there were.
      verdict:
        b.push.lost + b.push.doubled > 0
          ? "FAIL"
          : phaseVerdict(b.runs, clean && b.read.p99 !== null && b.read.p99 < BUDGETS.readP99Ms && b.push.p99Ms < 1000),
      broken: b.read.non2xx > 0 || b.push.lost + b.push.doubled > 0,
    });
  }
  if (notifications) {
    const { runs, p99Range, busyRuns } = notifications;
    const ok = notifications.p99Ms < 1000 && notifications.lost === 0 && notifications.doubled === 0;
    budgets.push({
      name: "notifications",
      limit: `commit → push p99 < 1000 ms, ${notifications.events} events, ${notifications.instances} instances`,
      value:
        `p99 ${notifications.p99Ms} ms, ${notifications.lost} lost, ${notifications.doubled} doubled; ${phaseRuns(runs, p99Range, busyRuns)}` +
        workNote(notifications.workSummary, "a push, both instances") +
        machineNote({ machine: notifications.workSummary?.machine }),
      verdict: notifications.lost + notifications.doubled > 0 ? "FAIL" : phaseVerdict(runs, ok, busyRuns),
      broken: notifications.lost + notifications.doubled > 0,
    });
  }
  return budgets;
}

function lighthouseVerdicts(lighthouse: any): Budget[] {
  const budgets: Budget[] = [];
  if (lighthouse) {
    budgets.push(
      ...(lighthouse.budgets ?? [
        {
          name: "lighthouse",
          limit: "performance ≥ 95, accessibility 100",
          value: lighthouse.status,
          ...verdictOf(lighthouse.status),
        },
      ]),
    );
  }
  return budgets;
}

function clientVerdict(client: ClientSize | { status: string }): Budget {
  if ("gzipBytes" in client) {
    return {
      name: "initial_js",
      limit: `≤ ${BUDGETS.jsKb} KB gzipped`,
      value: `${(client.gzipBytes / 1024).toFixed(1)} KB in ${client.files.length} files`,
      verdict: client.gzipBytes <= BUDGETS.jsKb * 1024 ? "PASS" : "FAIL",
    };
  }
  return { name: "initial_js", limit: `≤ ${BUDGETS.jsKb} KB`, value: client.status, verdict: "FAIL", broken: true };
}

function verdictOf(status: string): Pick<Budget, "verdict" | "broken"> {
  return { verdict: status === "missing" ? "MISSING" : "FAIL", broken: true };
}

export type { Budget };

export function printVerdicts(budgets: Budget[]) {
  for (const b of budgets) console.log(`${b.verdict.padEnd(11)} ${b.name}: ${b.limit} — ${b.value}`);
}
