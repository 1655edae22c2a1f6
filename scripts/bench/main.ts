/**
 * `npm run bench`: the figures of DESIGN §7, measured on this machine.
 *
 * Seeds (or reuses) a large PostgreSQL database, starts the server as a real process, signs in
 * seeded clinicians and drives each endpoint family at a fixed rate from a second process (a steady
 * paced sender, which the budgets are judged on, and autocannon's overallRate, which sends each
 * second's share in a burst, beside it). Beside each figure it measures, in the same run, a bare Fastify route at the same rate
 * (the HTTP floor) and the endpoint's own SQL run directly on the database (the query floor).
 * Ends with one JSON line (also written to bench/results.json) and PASS/FAIL per budget.
 *
 *   npm run bench                       10,000 users, the full run (~10–15 minutes with seeding)
 *   npm run bench -- --quick            500 users, short runs: a smoke test of the whole pipeline
 *   npm run bench -- --users 2000 --rate 300 --duration 10 --database-url postgres://…/db
 *   npm run bench -- --only shifts_list,swap_list --repeat 5 --against HEAD~1
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { todayInLondon } from "../../common/dates";
import { type Proc, root } from "../lib/processes";
import { type AgainstTree, buildAgainst } from "./against";
import {
  args,
  CONNECTIONS,
  DURATION,
  log,
  quick,
  READ_RATE,
  REPEAT,
  ROUNDS,
  t0,
  USAGE,
  USERS,
  WRITE_RATE,
} from "./config";
import { benchDatabaseName, benchDatabaseUrl, enableStatementStats, postgresVersion, prepare, tidy } from "./database";
import { startBenchPostgres } from "./embedded";
import { benchFamilies } from "./http-phase";
import {
  benchCoverAlertsPhase,
  benchImport,
  benchLighthousePages,
  benchNotificationRuns,
  benchPushBurst,
  benchSockets,
} from "./later-phases";
import { printAgainst, printTable, printWork } from "./report";
import { startServers } from "./servers";
import { measureThreeWays } from "./three-way";
import { type Budget, printVerdicts, verdicts } from "./verdicts";

if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

/** Phases 2 to 8, on servers that are stopped and a data directory that is removed whatever happens. */
async function runPhases(dbUrl: string, today: string, against: AgainstTree | undefined) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-bench-"));
  const procs: Proc[] = [];
  const results: Record<string, any> = {};
  try {
    const servers = await startServers(dbUrl, dataDir, procs, against);
    results.http = await benchFamilies(servers, dbUrl, today);
    // B would claim outbox rows beside A in the push phases: it has had its turn.
    if (servers.b) await procs.find((p) => p.pid === servers.b?.pid)?.stop();
    const imported = await benchImport(servers, dbUrl);
    if (imported) results.import = imported;
    const lighthouse = await benchLighthousePages(servers.baseUrl, dbUrl, today);
    if (lighthouse) results.lighthouse = lighthouse;
    const burst = await benchPushBurst(servers, dbUrl, today, results.http.families);
    if (burst) results.pushBurst = burst;
    const cover = await benchCoverAlertsPhase(servers, dbUrl, today, results.http.families);
    if (cover) results.coverAlerts = cover;
    for (const p of procs.splice(0)) await p.stop();
    const sockets = await benchSockets(dbUrl);
    if (sockets) results.sockets = sockets;
    const notifications = await benchNotificationRuns(dbUrl);
    if (notifications) results.notifications = notifications;
  } catch (err) {
    for (const p of procs) {
      if (p.child.exitCode !== null || p.child.signalCode !== null) {
        log(`a process exited early (code ${p.child.exitCode}, signal ${p.child.signalCode}):\n${p.output()}`);
      }
    }
    throw err;
  } finally {
    for (const p of procs) await p.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await tidy(dbUrl).catch(() => undefined);
  }
  return results;
}

async function machine(dbUrl: string, startLoad: number[]) {
  return {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    postgres: await postgresVersion(dbUrl),
    loadAvgAtStart: startLoad.map((n) => Math.round(n * 100) / 100),
    loadAvgAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

function report(summary: Record<string, any>, budgets: Budget[], workNote: string) {
  const fams = summary.http.families;
  printTable(fams);
  printWork(fams, workNote);
  if (args.against) printAgainst(fams);
  console.log("");
  printVerdicts(budgets);
  console.log("");
  mkdirSync(path.join(root, "bench"), { recursive: true });
  const line = JSON.stringify(summary);
  writeFileSync(path.join(root, "bench/results.json"), `${line}\n`);
  console.log(line);
}

async function main() {
  const embedded = args.embedded ? await startBenchPostgres(benchDatabaseName(), log) : undefined;
  try {
    await benchOn(embedded?.url ?? benchDatabaseUrl());
  } finally {
    await embedded?.stop();
  }
}

async function benchOn(dbUrl: string) {
  const today = todayInLondon();
  const startLoad = os.loadavg();
  const { seed, client } = await prepare(dbUrl);
  const threeWay = await measureThreeWays(dbUrl, today);
  const workNote = await enableStatementStats(dbUrl);
  log(workNote);
  const against = args.against ? buildAgainst(args.against, log) : undefined;
  let results: Record<string, any>;
  try {
    results = await runPhases(dbUrl, today, against);
  } finally {
    against?.remove();
  }
  const budgets = verdicts(results, client, today);
  const summary = {
    bench: "crewswap",
    at: new Date().toISOString(),
    quick,
    machine: await machine(dbUrl, startLoad),
    settings: {
      users: USERS,
      readRate: READ_RATE,
      writeRate: WRITE_RATE,
      durationS: DURATION,
      connections: CONNECTIONS,
      repeat: REPEAT,
      rounds: ROUNDS,
      against: against?.label ?? null,
    },
    workSource: workNote,
    seed,
    client,
    threeWay,
    ...results,
    budgets,
    pass: budgets.every((b) => b.verdict !== "FAIL" && b.verdict !== "MISSING"),
    seconds: Math.round((performance.now() - t0) / 1000),
  };
  report(summary, budgets, workNote);
  process.exitCode = budgets.some((b) => b.verdict === "FAIL") ? 1 : 0;
}

main().catch((err) => {
  console.error("[bench] failed:", err);
  process.exit(1);
});
