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
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { todayInLondon } from "../../common/dates";
import { type Proc, root } from "../lib/processes";
import { args, CONNECTIONS, DURATION, log, quick, READ_RATE, t0, USAGE, USERS, WRITE_RATE } from "./config";
import { benchDatabaseUrl, postgresVersion, prepare, tidy } from "./database";
import { benchFamilies, startServers } from "./http-phase";
import { benchImport, benchLighthousePages, benchPushBurst, benchSockets } from "./later-phases";
import { benchNotifications } from "./notifications";
import { printTable } from "./report";
import { verdicts } from "./verdicts";

if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

async function main() {
  const today = todayInLondon();
  const dbUrl = benchDatabaseUrl();
  const startLoad = os.loadavg();
  const { seed, client } = await prepare(dbUrl);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-bench-"));
  const procs: Proc[] = [];
  const results: Record<string, any> = {};
  try {
    const servers = await startServers(dbUrl, dataDir, procs);
    results.http = await benchFamilies(servers, dbUrl, today);
    const imported = await benchImport(servers.baseUrl);
    if (imported) results.import = imported;
    const lighthouse = await benchLighthousePages(servers.baseUrl, dbUrl, today);
    if (lighthouse) results.lighthouse = lighthouse;
    const burst = await benchPushBurst(servers, dbUrl, today, results.http.families);
    if (burst) results.pushBurst = burst;
    for (const p of procs.splice(0)) await p.stop();
    const sockets = await benchSockets(dbUrl);
    if (sockets) results.sockets = sockets;
    results.notifications = await benchNotifications({ serverUrl: dbUrl, events: quick ? 200 : 1000 });
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

  const budgets = verdicts(results, client, today);
  const fams = results.http.families;
  const pgVersion = await postgresVersion(dbUrl);
  const summary = {
    bench: "crewswap",
    at: new Date().toISOString(),
    quick,
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 1024 ** 3),
      node: process.version,
      postgres: pgVersion,
      loadAvgAtStart: startLoad.map((n) => Math.round(n * 100) / 100),
      loadAvgAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100),
    },
    settings: {
      users: USERS,
      readRate: READ_RATE,
      writeRate: WRITE_RATE,
      durationS: DURATION,
      connections: CONNECTIONS,
    },
    seed,
    client,
    ...results,
    budgets,
    pass: budgets.every((b) => b.verdict === "PASS" || b.verdict === "INFO"),
    seconds: Math.round((performance.now() - t0) / 1000),
  };

  printTable(fams);
  console.log("");
  for (const b of budgets) console.log(`${b.verdict.padEnd(7)} ${b.name}: ${b.limit} — ${b.value}`);
  console.log("");
  mkdirSync(path.join(root, "bench"), { recursive: true });
  const line = JSON.stringify(summary);
  writeFileSync(path.join(root, "bench/results.json"), `${line}\n`);
  console.log(line);
  process.exitCode = budgets.some((b) => b.verdict === "FAIL") ? 1 : 0;
}

main().catch((err) => {
  console.error("[bench] failed:", err);
  process.exit(1);
});
