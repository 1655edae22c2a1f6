import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, spawnNode, waitForUrl } from "../../scripts/lib/processes";

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
  // Every journey signs up its own clinicians, all from 127.0.0.1.
  env.REGISTRATIONS_PER_IP_PER_HOUR = "10000";
  // Empty is unset for the server (the process's own environment is merged underneath).
  env.DATABASE_URL = "";
  env.SMTP_URL = "";
  env.APP_URL = "";

  const app = spawnNode("server/main.ts", env, [], 20_000);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(`${baseUrl}/api/health`, app);
  } catch (error) {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
    throw error;
  }

  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);

  return async () => {
    const exit = await app.stop();
    if (exit.code !== 0 && exit.code !== null) {
      console.error(`The app exited with code ${exit.code}:\n${app.output()}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
  };
}
