// Starting a CrewSwap (or any helper) process and waiting until it answers: shared by the tests,
// the benchmarks and anything else that needs a real server process.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Whether `port` can be listened on at 127.0.0.1 right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** The lowest port the system hands out for outgoing connections and `listen(0)`. */
function ephemeralFloor(): number {
  try {
    return Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

/**
 * A port free on 127.0.0.1 now, for a process started next to listen on. Picked below the
 * ephemeral range: a port from `listen(0)` was free when asked, but any connection opened before
 * the process binds it (to the database, between test files) could be given it meanwhile, and the
 * process then failed to start, or a health check reached someone else's server.
 */
export async function freePort(): Promise<number> {
  const top = Math.min(ephemeralFloor(), 32768);
  const bottom = Math.max(1024, top - 12_000);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = bottom + Math.floor(Math.random() * (top - bottom));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port found between ${bottom} and ${top}`);
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type Proc = {
  child: ChildProcess;
  pid: number;
  /** The tail of everything it printed (stdout and stderr). */
  output: () => string;
  exited: Promise<Exit>;
  /** SIGTERM, then SIGKILL if it has not stopped in time. */
  stop: (timeoutMs?: number) => Promise<Exit>;
};

export type StartOptions = { env?: NodeJS.ProcessEnv; keepBytes?: number };

/** Starts a command in the repository root with piped output; `env` is added to this process's. */
export function startProcess(command: string, args: string[], opts: StartOptions = {}): Proc {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keepBytes = opts.keepBytes ?? 200_000;
  let out = "";
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-keepBytes);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return {
    child,
    pid: child.pid as number,
    output: () => out,
    exited,
    stop: async (timeoutMs = 30_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      child.kill("SIGTERM");
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** Runs a script in its own node process (TypeScript through tsx). */
export function spawnNode(script: string, env: NodeJS.ProcessEnv = {}, args: string[] = [], keepBytes?: number): Proc {
  const loader = script.endsWith(".ts") ? ["--import", "tsx"] : [];
  return startProcess(process.execPath, [...loader, script, ...args], { env, keepBytes });
}

/** Waits until `url` answers 2xx; fails at once, with the process's output, if it exits first. */
export async function waitForUrl(url: string, proc: Proc, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exit: Exit | undefined;
  void proc.exited.then((e) => {
    exit = e;
  });
  while (Date.now() < deadline) {
    if (exit)
      throw new Error(`exited (code ${exit.code}, signal ${exit.signal}) before ${url} answered:\n${proc.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${proc.output()}`);
}
/** Runs a node script to completion and returns its stdout. */
export function runNode(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => {
      out += c;
    });
    child.stderr.on("data", (c) => {
      err += c;
    });
    child.once("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${script} exited with ${code}: ${err.slice(-2000)}`)),
    );
  });
}
