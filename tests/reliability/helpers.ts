import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { freePort, type Proc, spawnNode, startProcess, waitForUrl } from "../../scripts/lib/processes";

export type AppProcess = Proc & { baseUrl: string; port: number };

export type StartOptions = {
  /** Embedded database in this folder (no DATABASE_URL). */
  dataDir: string;
  databaseUrl?: string;
  port?: number;
  logLevel?: string;
  env?: Record<string, string>;
  /** Start as an operator does (`npm start`: the compiled server); else `node --import tsx server/main.ts`. */
  viaNpm?: boolean;
};

/**
 * Spawns the server. From source it runs as a single node process (`node --import tsx`), so a
 * SIGKILL hits the server itself; `viaNpm` runs `npm start` and the pid is npm's.
 */
export async function spawnApp(opts: StartOptions): Promise<AppProcess> {
  const port = opts.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    // Empty is unset for the server; these must not leak in from the test's own environment.
    DATABASE_URL: opts.databaseUrl ?? "",
    SMTP_URL: "",
    APP_URL: "",
    SESSION_SECRET: "",
    TEST_DATABASE_URL: "",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: opts.dataDir,
    NODE_ENV: "test",
    LOG_LEVEL: opts.logLevel ?? "warn",
    ALLOWED_EMAIL_DOMAINS: "nhs.net,nhs.uk",
    ...opts.env,
  };
  const proc = opts.viaNpm ? startProcess("npm", ["start", "--silent"], { env }) : spawnNode("server/main.ts", env);
  return { ...proc, baseUrl: `http://127.0.0.1:${port}`, port };
}

/** Waits until GET /api/health answers 200; fails early if the process exits. */
export async function waitHealthy(app: AppProcess, timeoutMs = 60_000): Promise<void> {
  await waitForUrl(`${app.baseUrl}/api/health`, app, timeoutMs);
}

export async function startApp(opts: StartOptions): Promise<AppProcess> {
  const app = await spawnApp(opts);
  try {
    await waitHealthy(app, opts.viaNpm ? 180_000 : 60_000);
  } catch (err) {
    app.child.kill("SIGKILL");
    await app.exited;
    throw err;
  }
  return app;
}

/** SIGTERM and wait; SIGKILL if it has not stopped in time. */
export const stopApp = (app: AppProcess, timeoutMs = 30_000) => app.stop(timeoutMs);

export async function killApp(app: AppProcess) {
  app.child.kill("SIGKILL");
  return app.exited;
}

/** The pid of the embedded PostgreSQL server that DATA_DIR/pg/postmaster.pid names, if it runs. */
export function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, "pg", "postmaster.pid");
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
  if (!pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Stops the embedded PostgreSQL a killed test server left behind in `dataDir` (clean-up after a failure). */
export async function stopOrphanPostgres(dataDir: string) {
  const pid = postmasterPid(dataDir);
  if (!pid) return;
  process.kill(pid, "SIGINT"); // PostgreSQL's fast shutdown
  for (let i = 0; i < 100 && postmasterPid(dataDir) === pid; i++) await sleep(100);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh database on the test server (TEST_DATABASE_URL, or the embedded one of the run). */
export async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = inject("adminDatabaseUrl");
  const name = `crewswap_rel_${randomBytes(6).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A minimal cookie-keeping client that sends our Origin, as the browser on our pages would. */
export class Session {
  cookie = "";
  constructor(public baseUrl: string) {}

  async request(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { origin: this.baseUrl };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith("sid="));
    if (set) this.cookie = set.split(";")[0];
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, body: json, text };
  }
}

let counter = 0;
export const PASSWORD = "Str0ng!pass";

export function newRegistration(tag = "rel") {
  counter += 1;
  const email = `${tag}.${Date.now().toString(36)}.${process.pid}.${counter}@nhs.net`;
  return {
    firstName: "Robin",
    lastName: "Hale",
    email,
    username: email,
    password: PASSWORD,
    clinicalGrade: "paramedic",
    paramedicBase: "Dudley",
    activelySeekingSwaps: false,
    swapUrgency: "none",
  };
}

/** Registers and returns a signed-in session. */
export async function registeredSession(baseUrl: string) {
  const session = new Session(baseUrl);
  const reg = newRegistration();
  const res = await session.request("POST", "/api/auth/register", reg);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { session, email: reg.email, userId: res.body.id as number };
}

/** Every process below `pid`, from /proc. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      found.push(c);
      walk(c);
    }
  };
  walk(pid);
  return found;
}

/** Running (a zombie waiting for a parent that does not reap it is not running). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}
