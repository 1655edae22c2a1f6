// The operator's commands as README "Operating" and "Backups and upgrades" and decision 011 describe
// them: `npm start` writes JSON lines only and stops its whole tree on one signal, `npm run db:migrate`
// migrates and exits, and the commands read ./.env from their working directory.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect as netConnect } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, root } from "../../scripts/lib/processes";
import journal from "../../server/db/migrations/meta/_journal.json";
import {
  type AppProcess,
  alive,
  createDatabase,
  descendants,
  postmasterPid,
  sleep,
  spawnApp,
  stopApp,
  stopOrphanPostgres,
  waitHealthy,
} from "./helpers";

type Run = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; timedOut: boolean };

/** Every process the commands of this file started (pid → command line), for the checks and the clean-up. */
const started = new Map<number, string>();

/**
 * Runs a command to its end (its whole tree SIGKILLed after `timeoutMs`, reported as timedOut),
 * keeping stdout and stderr apart; `seen` gets every process of its tree sampled meanwhile.
 */
function run(
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number; seen?: Set<number> },
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (c) => {
      stdout += c;
    });
    child.stderr.on("data", (c) => {
      stderr += c;
    });
    const sample = () => {
      if (!child.pid) return;
      for (const pid of [child.pid, ...descendants(child.pid)]) {
        started.set(pid, commandLine(pid));
        opts.seen?.add(pid);
      }
    };
    const sampler = setInterval(sample, 25);
    sample();
    const timer = setTimeout(() => {
      timedOut = true;
      sample();
      for (const pid of [child.pid as number, ...descendants(child.pid as number)]) kill(pid);
    }, opts.timeoutMs ?? 60_000);
    child.once("exit", async (code, signal) => {
      clearInterval(sampler);
      clearTimeout(timer);
      // A process left behind may hold the pipes open: wait a little for the rest of the output, not forever.
      if (child.stdout.readable || child.stderr.readable) {
        await Promise.race([new Promise((r) => child.once("close", r)), sleep(2000)]);
      }
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

/** SIGKILL, if `pid` is still the process we started. */
function kill(pid: number) {
  if (!alive(pid) || commandLine(pid) !== started.get(pid)) return;
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // gone meanwhile
  }
}

/** This process's environment without the settings a test gives explicitly (or must not leak in). */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ["DATABASE_URL", "TEST_DATABASE_URL", "DATA_DIR", "PORT", "HOST", "LOG_LEVEL"]) delete env[key];
  return { ...env, ...extra };
}

/** Every non-empty line that is not a JSON log line (an object with a numeric level), with where it came from. */
function notJsonLines(streams: Record<string, string>): string[] {
  const bad: string[] = [];
  for (const [name, text] of Object.entries(streams)) {
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      let entry: unknown;
      try {
        entry = JSON.parse(line);
      } catch {
        bad.push(`${name}: ${line}`);
        continue;
      }
      if (typeof entry !== "object" || entry === null || typeof (entry as { level?: unknown }).level !== "number") {
        bad.push(`${name}: ${line}`);
      }
    }
  }
  return bad;
}

const logLines = (text: string) =>
  text
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, any>);

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** How many migrations drizzle recorded in this database (0 when it has no record at all). */
async function appliedMigrations(url: string): Promise<number> {
  const [{ exists }] = await query<{ exists: boolean }>(
    url,
    "select to_regclass('drizzle.__drizzle_migrations') is not null as exists",
  );
  if (!exists) return 0;
  const [{ n }] = await query<{ n: number }>(url, "select count(*)::int as n from drizzle.__drizzle_migrations");
  return n;
}

async function hasUsersTable(url: string): Promise<boolean> {
  const [{ exists }] = await query<{ exists: boolean }>(
    url,
    "select to_regclass('public.users') is not null as exists",
  );
  return exists;
}

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Waits until none of `pids` runs, up to `timeoutMs`; returns those still running. */
async function stillRunning(pids: number[], timeoutMs = 3000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  while (pids.some(alive) && Date.now() < deadline) await sleep(50);
  return pids.filter(alive).map(describeProcess);
}

describe("operator commands", () => {
  const dirs: string[] = [];
  const apps: AppProcess[] = [];
  const drops: Array<() => Promise<void>> = [];
  /** Data directories an embedded PostgreSQL may have been started in. */
  const dataDirs: string[] = [];
  const tempDir = (tag: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `crewswap-ops-${tag}-`));
    dirs.push(dir);
    return dir;
  };
  const database = async () => {
    const created = await createDatabase();
    drops.push(created.drop);
    return created.url;
  };

  beforeAll(async () => {
    // `npm start` builds first when dist/ is older than the sources; building here makes the start
    // below the start of a current build (and keeps a build's minutes out of its timeouts).
    const build = await run(process.execPath, ["scripts/ensure-build.mjs"], {
      cwd: root,
      env: process.env,
      timeoutMs: 110_000,
    });
    expect(build.code, build.stdout + build.stderr).toBe(0);
    // On a fresh clone this builds the client and the server: the build tools' output is JSON too.
    expect(notJsonLines({ stdout: build.stdout, stderr: build.stderr })).toEqual([]);
  });

  afterAll(async () => {
    for (const app of apps) await stopApp(app);
    for (const pid of started.keys()) kill(pid);
    for (const dir of dataDirs) await stopOrphanPostgres(dir);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    for (const drop of drops) await drop();
  });

  it("every line a real start and stop writes is JSON", async () => {
    const dataDir = tempDir("start");
    dataDirs.push(dataDir);
    const port = await freePort();
    const app = await spawnApp({ dataDir, port, viaNpm: true, logLevel: "info" });
    apps.push(app);
    const closed = new Promise<void>((resolve) => app.child.once("close", () => resolve()));
    // Listeners of our own, attached before any output can arrive, keep the two streams apart.
    let stdout = "";
    let stderr = "";
    app.child.stdout?.on("data", (c) => {
      stdout += c;
    });
    app.child.stderr?.on("data", (c) => {
      stderr += c;
    });
    await waitHealthy(app, 180_000);

    // A person's request (health probes log at debug).
    const res = await fetch(`${app.baseUrl}/api/meta`, { headers: { "X-Request-Id": "abc-123" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("abc-123");
    await res.text();

    const tree = [app.pid, ...descendants(app.pid)];
    for (const pid of tree) started.set(pid, commandLine(pid));
    expect(
      tree.map(describeProcess).some((p) => p.includes("dist/server/main.js")),
      "the compiled server runs",
    ).toBe(true);
    const postgres = postmasterPid(dataDir);
    expect(postgres, "the embedded PostgreSQL runs").toBeDefined();
    const postgresTree = [postgres as number, ...descendants(postgres as number)];

    const signalled = Date.now();
    process.kill(app.pid, "SIGINT");
    const exit = await Promise.race([app.exited, sleep(10_000).then(() => "timeout" as const)]);
    expect(exit, `npm start had not stopped 10 s after SIGINT:\n${app.output().slice(-3000)}`).not.toBe("timeout");
    expect(Date.now() - signalled).toBeLessThan(10_000);
    if (exit === "timeout") return;
    expect(exit.code === 0 || exit.signal === "SIGINT", `exit ${JSON.stringify(exit)}:\n${stderr.slice(-3000)}`).toBe(
      true,
    );
    // Nothing of the tree is left: npm, the server, the embedded PostgreSQL and its workers.
    expect(await stillRunning([...tree, ...postgresTree])).toEqual([]);

    // The streams are complete only once the pipes are closed.
    await closed;
    expect(notJsonLines({ stdout, stderr })).toEqual([]);
    const lines = logLines(stdout + stderr);
    expect(lines.length, "the start wrote its log").toBeGreaterThan(0);
    const ours = lines.filter((l) => l.reqId === "abc-123");
    expect(ours.map((l) => l.msg)).toEqual(["incoming request", "request completed"]);
    expect(ours[0].req?.url).toBe("/api/meta");
    expect(ours[1].res?.statusCode).toBe(200);
  });

  it("npm run db:migrate applies the migrations without serving", async () => {
    const url = await database();
    const dataDir = tempDir("migrate");
    dataDirs.push(dataDir);
    const port = await freePort();
    const seen = new Set<number>();
    let served = false;
    let done = false;
    const probe = (async () => {
      while (!done) {
        if (await listening(port)) served = true;
        await sleep(50);
      }
    })();
    const result = await run("npm", ["run", "--silent", "db:migrate"], {
      cwd: root,
      // The PORT the server would listen on: a command that started serving would answer there.
      env: cleanEnv({ DATABASE_URL: url, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info" }),
      timeoutMs: 60_000,
      seen,
    });
    done = true;
    await probe;
    expect(result.timedOut, "db:migrate did not exit by itself within 60 s").toBe(false);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(served, `something listened on PORT ${port} while db:migrate ran`).toBe(false);
    expect(await listening(port)).toBe(false);
    expect(await stillRunning([...seen])).toEqual([]);

    expect(await appliedMigrations(url)).toBe(journal.entries.length);
    expect(await hasUsersTable(url)).toBe(true);
    // With DATABASE_URL it used that database: no embedded one was created in DATA_DIR.
    expect(existsSync(path.join(dataDir, "pg"))).toBe(false);
    expect(notJsonLines({ stdout: result.stdout, stderr: result.stderr })).toEqual([]);
    const last = journal.entries.at(-1)?.tag as string;
    expect(logLines(result.stdout).some((l) => String(l.msg).includes(last))).toBe(true);
  });

  it("reads .env from the working directory", async () => {
    const url = await database();
    const cwd = tempDir("dotenv");
    // Without the .env, DATABASE_URL is unset and the command would build an embedded database in ./data.
    dataDirs.push(path.join(cwd, "data"));
    writeFileSync(path.join(cwd, ".env"), `DATABASE_URL=${url}\nLOG_LEVEL=info\n`);
    const result = await run(process.execPath, [path.join(root, "dist/server/db-migrate.js")], {
      cwd,
      env: cleanEnv({}),
      timeoutMs: 90_000,
    });
    expect(result.timedOut).toBe(false);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(await appliedMigrations(url)).toBe(journal.entries.length);
    expect(await hasUsersTable(url)).toBe(true);
    expect(existsSync(path.join(cwd, "data", "pg")), "no embedded database instead").toBe(false);
  });

  it("a variable already in the environment wins over .env", async () => {
    const fromFile = await database();
    const fromEnv = await database();
    const cwd = tempDir("dotenv-env");
    dataDirs.push(path.join(cwd, "data"));
    writeFileSync(path.join(cwd, ".env"), `DATABASE_URL=${fromFile}\n`);
    const result = await run(process.execPath, [path.join(root, "dist/server/db-migrate.js")], {
      cwd,
      env: cleanEnv({ DATABASE_URL: fromEnv }),
      timeoutMs: 90_000,
    });
    expect(result.timedOut).toBe(false);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(await appliedMigrations(fromEnv)).toBe(journal.entries.length);
    expect(await appliedMigrations(fromFile), "the database .env names is untouched").toBe(0);
  });
});

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").trim();
  } catch {
    return "(gone)";
  }
}

const describeProcess = (pid: number) => `${pid} ${commandLine(pid)}`;
