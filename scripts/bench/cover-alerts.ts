// The cover-alert phase of `npm run bench` (issue 36, DESIGN §7): how far the seed's open requests
// reach; then, on a day where 300 or more colleagues could cover a shift (cover-scenario.ts), the
// eligibility step at 100 a second (cover-eligibility.ts) and open requests fanning out to them
// beside the read families (cover-fanout.ts). Everything the scenario changed is undone at the end.
import pg from "pg";
import { connect } from "../../server/db/open";
import { SEED_PASSWORD } from "../lib/seed-service";
import { DURATION, log, quick, REDO_FACTOR, REPEAT, VERDICT_RUNS, WARMUP } from "./config";
import { timeEligibility } from "./cover-eligibility";
import { type CoverRun, coverFanoutRun, type SignedRequester, subscribeColleagues, vacuumOutbox } from "./cover-fanout";
import { type Requester, restoreScenario, type Scenario, seededReach, setUpScenario } from "./cover-scenario";
import { drive, type Load, requestsFor } from "./drive";
import { families } from "./families";
import { ReceiverProcess } from "./push-receiver-process";
import { busyWindow, median, range, summariseRuns } from "./runs";
import type { Servers } from "./servers";
import { pickUsers, signIn } from "./users";
import { BENCH_APPLICATION } from "./work.mjs";

/** DESIGN §7: the eligibility step's rate and p99, commit → last push for 300, reads within 1.5× quiet. */
export const COVER = { rate: 100, eligibilityP99Ms: 25, lastPushP99Ms: 2000, readsToQuiet: 1.5, colleagues: 300 };

/** The read families measured beside the fan-out, as beside the push burst. */
const READS = ["shifts_list", "swap_list", "unread_count"];

async function signInRequester(baseUrl: string, r: Requester): Promise<SignedRequester> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email: r.email, password: SEED_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login of ${r.email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))
    ?.split(";")[0];
  if (!cookie) throw new Error("login set no session cookie");
  return { id: r.id, shiftId: r.shiftId, cookie };
}

/** REPEAT runs of the eligibility step; a busy window is done again, as the families' are. */
async function eligibilityRuns(dbUrl: string, scenario: Scenario) {
  const runs: (Load & { candidates: number })[] = [];
  const most = REPEAT < VERDICT_RUNS ? REPEAT : REPEAT * REDO_FACTOR;
  let quiet = 0;
  for (let k = 1; quiet < REPEAT && k <= most; k++) {
    log(`cover alerts: eligibility step at ${COVER.rate} a second for ${DURATION} s (run ${k}) …`);
    const run = await timeEligibility({
      dbUrl,
      requester: scenario.requesters[0],
      shift: scenario.shift,
      rate: COVER.rate,
      duration: DURATION,
      warmup: WARMUP,
    });
    runs.push(run);
    const m = run.work?.machine;
    log(
      `cover alerts: eligibility p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.achievedRate} a second` +
        `${run.dropped ? ` (${run.dropped} not made)` : ""}, ${run.work?.perRequest.cpuMs} ms CPU a call; ` +
        `${busyWindow(m) ? "BUSY" : "quiet"} (${m?.otherCores} cores outside the bench)`,
    );
    if (!busyWindow(m)) quiet += 1;
  }
  return { rate: COVER.rate, candidates: runs[0]?.candidates ?? 0, ...summariseRuns(runs) };
}

/** The fan-out, REPEAT times beside each read family measured (or on its own when none was). */
async function fanoutRuns(
  servers: Servers,
  dbUrl: string,
  today: string,
  pool: pg.Pool,
  scenario: Scenario,
  requesters: SignedRequester[],
  quietFamilies: Record<string, any>,
) {
  const receiver = await ReceiverProcess.start();
  try {
    const subscribed = [...new Set([...scenario.candidates, ...scenario.eligibleIds])];
    await subscribeColleagues(pool, receiver, subscribed);
    const users = await Promise.all((await pickUsers(dbUrl, today)).map((u) => signIn(servers.baseUrl, u)));
    const reads = families(today).filter((f) => READS.includes(f.name) && quietFamilies[f.name]?.status === "ok");
    const queue = [...requesters];
    const perRun = Math.max(1, Math.floor(DURATION / 5));
    const target = { serverPids: [servers.a.pid], dbUrl };
    // The next requesters' open requests, one run, with the settings every run shares.
    const nextRun = (rest: Pick<Parameters<typeof coverFanoutRun>[0], "family" | "work">) =>
      coverFanoutRun({
        baseUrl: servers.baseUrl,
        pool,
        receiver,
        scenario,
        subscribed: new Set(subscribed),
        requesters: queue.splice(0, perRun),
        duration: DURATION,
        warmup: WARMUP,
        drive: (rate, requests, o) => drive(servers.baseUrl, rate, requests, { ...o, work: target }),
        ...rest,
      });
    // First a run with no reads beside it, whose work is counted: what an alert costs CrewSwap.
    log(`cover alerts: ${perRun} open requests with nothing beside them, counting their work …`);
    const alone = await nextRun({ family: null, work: target });
    log(`cover alerts: ${alone.work?.perRequest.cpuMs} ms CPU an alert (${alone.work?.requests} alerts)`);
    const runs: CoverRun[] = [];
    for (const f of reads.length > 0 ? reads : [null]) {
      for (let k = 1; k <= REPEAT; k++) {
        const family = f && {
          name: f.name,
          rate: f.rate,
          requests: requestsFor(f, users, servers.baseUrl),
          quietP99: quietFamilies[f.name].p99,
        };
        // The same reads without the fan-out just before it, on the same server and database as they
        // are now: the pair differs only by the requests, where the families phase ran minutes ago.
        if (family) await vacuumOutbox(pool);
        const before = family
          ? await drive(servers.baseUrl, family.rate, family.requests, {
              duration: DURATION,
              warmup: WARMUP,
              work: target,
            })
          : null;
        log(`cover alerts: ${perRun} open requests beside ${f?.name ?? "no reads"} (run ${k} of ${REPEAT}) …`);
        const run = await nextRun({ family });
        log(
          `cover alerts: ${run.requests.map((r) => `${r.alerted} alerted, last push ${r.lastPushMs} ms`).join("; ")}` +
            (run.read
              ? `; ${f?.name} p99 ${run.read.p99} ms (just before without it ${before?.p99} ms; families phase ${run.quietP99} ms)`
              : ""),
        );
        runs.push({ ...run, before });
      }
    }
    return { ...summariseFanout(runs), alone: aloneFigures(alone) };
  } finally {
    await pool.query("delete from push_subscriptions where endpoint like $1", [`${receiver.origin}%`]).catch(() => {});
    await receiver.stop();
  }
}

/** The run without reads: its requests, how many each alerted, and the work per alert. */
function aloneFigures(run: CoverRun) {
  const alerts = run.requests.reduce((n, r) => n + r.alerted, 0);
  return {
    requests: run.requests.length,
    alerts,
    lastPushMs: Math.max(...run.requests.map((r) => r.lastPushMs)),
    lost: run.push.lost + run.push.undecryptable,
    doubled: run.push.doubleSent,
    workPerAlert: run.work ?? null,
    cpuMsPerRequest:
      run.work?.perRequest.cpuMs == null || run.requests.length === 0
        ? null
        : Math.round(((run.work.perRequest.cpuMs * alerts) / run.requests.length) * 10) / 10,
  };
}

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function summariseFanout(runs: CoverRun[]) {
  const requests = runs.flatMap((r) => r.requests);
  const last = requests.map((r) => r.lastPushMs).sort((a, b) => a - b);
  const latencies = runs.flatMap((r) => r.push.latencies).sort((a, b) => a - b);
  const sum = (k: "lost" | "doubleSent" | "undecryptable" | "late" | "undelivered" | "retried" | "events") =>
    runs.reduce((s, r) => s + r.push[k], 0);
  const reads = [...new Set(runs.map((r) => r.family).filter((f): f is string => f !== null))].map((name) => {
    const of = runs.filter((r) => r.family === name);
    const p99s = of.map((r) => r.read?.p99);
    const quietP99 = of[0].quietP99;
    const p99 = median(p99s);
    const beforeP99s = of.map((r) => r.before?.p99);
    // Each run against the reads just before it; the verdict is the median of the runs' ratios.
    const ratios = of.map((r) => (r.read?.p99 && r.before?.p99 ? r.read.p99 / r.before.p99 : null));
    const toBefore = median(ratios);
    return {
      family: name,
      runs: of.length,
      p99,
      p99Range: range(p99s),
      quietP99,
      toQuiet: p99 !== null && quietP99 ? Math.round((p99 / quietP99) * 100) / 100 : null,
      beforeP99: median(beforeP99s),
      beforeP99Range: range(beforeP99s),
      toBefore: toBefore === null ? null : Math.round(toBefore * 100) / 100,
      toBeforeRange: range(ratios.map((x) => (x === null ? null : Math.round(x * 100) / 100))),
      // Pairs with a busy window, beside the fan-out or just before it.
      busyRuns: of.filter((r) => busyWindow(r.read?.work?.machine) || busyWindow(r.before?.work?.machine)).length,
      errors: of.reduce((s, r) => s + (r.read ? r.read.errors + r.read.non2xx : 0), 0),
    };
  });
  return {
    runs: runs.length,
    requests: requests.length,
    alerted: { min: Math.min(...requests.map((r) => r.alerted)), max: Math.max(...requests.map((r) => r.alerted)) },
    lastPushMs: { p50: pct(last, 50), p99: pct(last, 99), max: last[last.length - 1] ?? null },
    pushMs: { p50: pct(latencies, 50), p99: pct(latencies, 99) },
    answerMs: { p50: median(requests.map((r) => r.answerMs)), max: Math.max(...requests.map((r) => r.answerMs)) },
    pushes: sum("events"),
    late: sum("late") + sum("undelivered"),
    retried: sum("retried"),
    lost: sum("lost") + sum("undecryptable"),
    doubled: sum("doubleSent"),
    reads,
    busyRuns: runs.filter((r) => busyWindow(r.read?.work?.machine)).length,
    perRequest: requests,
  };
}

/** The phase: reach on the seed as it is, then the scenario's eligibility runs and fan-out runs. */
export async function benchCoverAlerts(servers: Servers, dbUrl: string, today: string, quiet: Record<string, any>) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4, application_name: BENCH_APPLICATION });
  const database = await connect(dbUrl, 4);
  try {
    await restoreScenario(pool);
    const reach = await seededReach(pool, database.db, today);
    log(
      `cover alerts: the seed's ${reach.openRequests} open requests reach ${reach.mean} colleagues on average ` +
        `(median ${reach.median}, max ${reach.max}; ${Math.round(reach.noneShare * 1000) / 10} % reach nobody)`,
    );
    // REPEAT runs beside each read family, and one with nothing beside it.
    const needed = Math.max(1, Math.floor(DURATION / 5)) * (REPEAT * READS.length + 1);
    // A few over 300 for the first requester's shift: the others' own hubs hold fewer or more
    // colleagues who marked the day themselves, and each request must still alert 300.
    const target = quick ? 50 : COVER.colleagues + 15;
    const scenario = await setUpScenario(pool, database.db, { today, requesters: needed, target });
    log(
      `cover alerts: on ${scenario.day}, ${scenario.eligible} colleagues could cover a day shift ` +
        `(${scenario.candidates.length} rest days marked as Available Off Days, following all hubs)`,
    );
    const requesters: SignedRequester[] = [];
    for (const r of scenario.requesters) requesters.push(await signInRequester(servers.baseUrl, r));
    const eligibility = await eligibilityRuns(dbUrl, scenario);
    const fanout = await fanoutRuns(servers, dbUrl, today, pool, scenario, requesters, quiet);
    return {
      reach,
      scenario: {
        day: scenario.day,
        eligible: scenario.eligible,
        marked: scenario.candidates.length,
        requesters: scenario.requesters.length,
      },
      eligibility,
      fanout,
    };
  } finally {
    await restoreScenario(pool).catch((err) => log(`cover alerts: the scenario could not be undone: ${err}`));
    await database.close();
    await pool.end();
  }
}
