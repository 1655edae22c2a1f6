// What a measured window cost CrewSwap itself, for scripts/bench/load.mjs: CPU time of the server
// process (with its push worker's) and of the PostgreSQL backends of its database, and the
// database's own count of its work. Neighbours on a shared machine stretch latency but barely
// change these, so they compare across runs and machines where latencies do not. Also what the rest
// of the machine did meanwhile (CPU steal, CPU of processes outside the bench, load average), so a
// reader knows what a run is worth.
import { readFileSync } from "node:fs";
import os from "node:os";
import pg from "pg";
import { cpuMsOf, pushWorkersOf, TICKS_PER_S } from "./proc-cpu.mjs";

/** The machine's CPU time in ms over all cores: busy (steal excluded), steal and all. */
function machineMs() {
  try {
    const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal
    const [user, nice, system, idle, iowait, irq, softirq, steal] = cpu;
    const toMs = (t) => (t * 1000) / TICKS_PER_S;
    return {
      busy: toMs(user + nice + system + irq + softirq),
      steal: toMs(steal),
      all: toMs(user + nice + system + idle + iowait + irq + softirq + steal),
    };
  } catch {
    return null;
  }
}

const STATEMENTS_SQL = `select coalesce(sum(calls), 0)::float8 as calls, coalesce(sum(rows), 0)::float8 as rows,
  coalesce(sum(shared_blks_hit + shared_blks_read), 0)::float8 as blocks
  from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`;
// Without pg_stat_statements: transactions, rows the executor read, blocks. A backend reports these
// when it next goes idle, at most once a second (10 s when idle), so a window's figures are shifted.
const DATABASE_SQL = `select (xact_commit + xact_rollback)::float8 as calls,
  (tup_returned + tup_fetched)::float8 as rows, (blks_hit + blks_read)::float8 as blocks
  from pg_stat_database where datname = current_database()`;

/**
 * The bench's own connections beside a measured server (setting up, polling the outbox) carry this
 * application_name, and their backends' CPU is not counted as the server's. Their statements still
 * are, in the database's counters: a few a window, against hundreds of the product's.
 */
export const BENCH_APPLICATION = "crewswap-bench";

/**
 * Starts watching: `serverPids` are the measured server's processes; `dbUrl`, when given, is its
 * database (its client backends and their counters are summed, this connection's excepted).
 */
export async function watchWork({ serverPids, dbUrl }) {
  const client = dbUrl ? await connect(dbUrl) : null;
  const source = client ? await statsSource(client) : null;
  const snapshot = async () => {
    const backends = client ? await backendCpu(client) : new Map();
    const counters = client
      ? (await client.query(source === "pg_stat_statements" ? STATEMENTS_SQL : DATABASE_SQL)).rows[0]
      : null;
    return {
      at: performance.now(),
      // A sender started again during the window counts whole; the one it replaced is lost.
      server: [...serverPids, ...pushWorkersOf(serverPids)].reduce((s, pid) => s + (cpuMsOf(pid) ?? 0), 0),
      backends,
      counters,
      machine: machineMs(),
      self: process.cpuUsage(),
    };
  };
  const start = await snapshot();
  // A bench that times a step in its own process (the cover-eligibility step) is the server: its CPU
  // is in `server` already, and subtracting it again as the load generator's hid every neighbour.
  const selfIsServer = serverPids.includes(process.pid);
  return {
    /** Stops watching; `requests` is how many were answered in the window. */
    stop: async (requests) => {
      const end = await snapshot();
      await client?.end();
      return workBetween(start, end, requests, source, selfIsServer);
    },
  };
}

/** A connection to watch the database through; none (and no database figures) when the server refuses one. */
async function connect(dbUrl) {
  const client = new pg.Client({ connectionString: dbUrl });
  try {
    await client.connect();
    return client;
  } catch (err) {
    console.error(`work: no database figures for this run: ${err.message}`);
    return null;
  }
}

/**
 * pg_stat_statements where the server loads it: the sockets' and notifications' benches make a
 * database of their own, where the extension is created first (it only adds the view).
 */
async function statsSource(client) {
  try {
    const { rows } = await client.query("show shared_preload_libraries");
    if (rows[0].shared_preload_libraries.split(",").some((lib) => lib.trim() === "pg_stat_statements")) {
      await client.query("create extension if not exists pg_stat_statements");
    }
    await client.query("select 1 from pg_stat_statements limit 1");
    return "pg_stat_statements";
  } catch {
    return "pg_stat_database";
  }
}

async function backendCpu(client) {
  const { rows } = await client.query(
    `select pid from pg_stat_activity
     where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()
       and application_name is distinct from $1`,
    [BENCH_APPLICATION],
  );
  return new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)]).filter(([, ms]) => ms !== null));
}

const round = (n, places = 3) => (n === null || !Number.isFinite(n) ? null : Number(n.toFixed(places)));

function workBetween(start, end, requests, source, selfIsServer) {
  const windowMs = end.at - start.at;
  const serverMs = end.server - start.server;
  // A backend that connected during the window counts whole; one that left it is lost (counted).
  let dbMs = 0;
  let backendsLeft = 0;
  for (const [pid, ms] of end.backends) dbMs += ms - (start.backends.get(pid) ?? 0);
  for (const pid of start.backends.keys()) if (!end.backends.has(pid)) backendsLeft += 1;
  const selfMs = selfIsServer ? 0 : (end.self.user + end.self.system - start.self.user - start.self.system) / 1000;
  const per = (n) => (requests > 0 && n !== null ? n / requests : null);
  const counters = start.counters && end.counters;
  const db = counters
    ? {
        calls: end.counters.calls - start.counters.calls,
        rows: end.counters.rows - start.counters.rows,
        blocks: end.counters.blocks - start.counters.blocks,
      }
    : null;
  const machine = start.machine &&
    end.machine && {
      windowS: round(windowMs / 1000, 1),
      stealShare: round((end.machine.steal - start.machine.steal) / (end.machine.all - start.machine.all || 1)),
      // CPU the bench did not use (in cores): what neighbours took while the window was measured.
      otherCores: round(Math.max(0, end.machine.busy - start.machine.busy - serverMs - dbMs - selfMs) / windowMs, 2),
      loadAvg1: round(os.loadavg()[0], 2),
    };
  return {
    requests,
    source: source ?? "none",
    backendsLeft,
    total: { serverCpuMs: round(serverMs, 1), dbCpuMs: round(dbMs, 1), loadCpuMs: round(selfMs, 1), db },
    perRequest: {
      serverCpuMs: round(per(serverMs), 4),
      dbCpuMs: source ? round(per(dbMs), 4) : null,
      cpuMs: round(per(serverMs + dbMs), 4),
      calls: db ? round(per(db.calls), 2) : null,
      rows: db ? round(per(db.rows), 2) : null,
      blocks: db ? round(per(db.blocks), 2) : null,
    },
    machine,
  };
}
