import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

/** Vitest sets NODE_ENV=test, and Vite would then bundle React's development build (+60 KB gzipped). */
const buildEnv = { ...process.env, NODE_ENV: "production" };

/**
 * Builds the client for this run into its own folder: engineers sharing a work tree rebuild
 * dist/client while other runs are live, which would swap the assets under a running server.
 * The server serves CLIENT_DIR when set; dist/client is kept current too, for a server that does not.
 */
function buildPrivateClient(outDir: string) {
  execFileSync(
    process.execPath,
    [
      path.join(root, "node_modules/vite/bin/vite.js"),
      "build",
      "--logLevel",
      "warn",
      "--outDir",
      outDir,
      "--emptyOutDir",
    ],
    { cwd: root, stdio: "inherit", env: buildEnv },
  );
}

/** Builds dist/client unless it is newer than everything it is built from. */
function ensureClientBuild() {
  const built = path.join(root, "dist/client/index.html");
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sources = ["client", "common", "vite.config.ts", "package-lock.json"].map((p) => path.join(root, p));
  if (builtAt > 0 && Math.max(...sources.map(newest)) <= builtAt) return;
  execFileSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
    env: buildEnv,
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, output: () => string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The app exited with code ${child.exitCode} before it was ready:\n${output()}`);
    }
    try {
      const res = await fetch(`${url}/api/meta`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app did not answer ${url}/api/meta within ${timeoutMs / 1000} s:\n${output()}`);
}

function stop(child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
    }, timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Starts the app the way `npm start` runs it, on a fresh embedded database, for the browser journeys. */
export default async function setup(project: TestProject) {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install chromium, or set CHROMIUM_PATH`);
  }
  ensureClientBuild();
  const clientDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-e2e-client-"));
  buildPrivateClient(clientDir);

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-e2e-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, CLIENT_DIR: clientDir };
  env.ALLOWED_EMAIL_DOMAINS = "nhs.net,nhs.uk";
  env.HOST = "127.0.0.1";
  env.NODE_ENV = "test";
  env.LOG_LEVEL = "warn";
  env.HUB_CACHE_MS = "0"; // steps expect a colleague's change in the hub browser at once
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.APP_URL;

  let logs = "";
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["server/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    logs = (logs + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(baseUrl, child, () => logs);
  } catch (error) {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
    throw error;
  }

  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);

  return async () => {
    await stop(child);
    if (child.exitCode !== 0 && child.exitCode !== null) {
      console.error(`The app exited with code ${child.exitCode}:\n${logs}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
  };
}
