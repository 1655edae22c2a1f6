// `npm run build`: the client (Vite) into dist/client and the server with its worker and command-line
// scripts (esbuild) into dist/server, so production runs plain `node dist/server/main.js`.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const root = path.resolve(import.meta.dirname, "..");

/** Each file becomes dist/server/<name>.js. */
const serverEntries = {
  main: "server/main.ts",
  "parse-worker": "server/imports/parse-worker.ts",
  "push-encrypt-thread": "server/notifications/push-encrypt-thread.ts",
  "db-migrate": "server/db/migrate-command.ts",
  backup: "server/backup/backup-command.ts",
  restore: "server/backup/restore-command.ts",
};

export const client = {
  output: path.join(root, "dist/client/index.html"),
  sources: ["client", "common", "vite.config.ts", "package-lock.json"],
};
export const server = {
  output: path.join(root, "dist/server/main.js"),
  sources: ["server", "common", "package-lock.json", "scripts/build.mjs"],
};

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

/** True when the output is missing or older than anything it is built from. */
export function stale(target) {
  const builtAt = existsSync(target.output) ? statSync(target.output).mtimeMs : 0;
  return builtAt === 0 || Math.max(...target.sources.map((p) => newest(path.join(root, p)))) > builtAt;
}

export function buildClient() {
  execFileSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
    // Vite follows NODE_ENV; anything but production would serve React's development build.
    env: { ...process.env, NODE_ENV: "production" },
  });
}

export async function buildServer() {
  const esbuild = await import("esbuild");
  const outdir = path.join(root, "dist/server");
  rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: serverEntries,
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    // Dependencies stay in node_modules: only our own code is compiled.
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
  });
  cpSync(path.join(root, "server/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildClient();
  await buildServer();
}
