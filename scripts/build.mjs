// `npm run build`: the client (Vite) into dist/client and the server with its worker and command-line
// scripts (esbuild) into dist/server, so production runs plain `node dist/server/main.js`.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const root = path.resolve(import.meta.dirname, "..");

/** Each file becomes dist/server/<name>.js. */
const serverEntries = {
  main: "server/main.ts",
  "parse-worker": "server/imports/parse-worker.ts",
  "push-worker-process": "server/notifications/push-worker-process.ts",
  "db-migrate": "server/db/migrate-command.ts",
  backup: "server/backup/backup-command.ts",
  restore: "server/backup/restore-command.ts",
};

export const client = {
  output: path.join(root, "dist/client/index.html"),
  // The Vite plugins and the screen list (server/http/app-html.ts) shape the bundle too.
  sources: [
    "client",
    "common",
    "vite.config.ts",
    "package-lock.json",
    "scripts/lib/vite-first-paint.ts",
    "scripts/lib/vite-precompress.ts",
    "scripts/lib/vite-screen-chunks.ts",
    "server/http/app-html.ts",
  ],
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

/**
 * `log(level, line)` receives the build tools' output line by line instead of the terminal: `npm
 * start` turns it into JSON log lines, so its output stays one JSON stream.
 */
export function buildClient(log) {
  const args = [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"];
  // Vite follows NODE_ENV; anything but production would serve React's development build.
  const env = { ...process.env, NODE_ENV: "production" };
  if (!log) {
    execFileSync(process.execPath, args, { cwd: root, stdio: "inherit", env });
    return;
  }
  const run = spawnSync(process.execPath, args, { cwd: root, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const failed = run.status !== 0;
  for (const [text, level] of [
    [run.stdout, 30],
    [run.stderr, failed ? 50 : 40],
  ]) {
    for (const l of String(text ?? "").split("\n")) if (l.trim()) log(level, l.trimEnd());
  }
  if (failed) throw new Error(`the client build failed (${run.status ?? run.signal})`);
}

export async function buildServer(log) {
  const esbuild = await import("esbuild");
  const outdir = path.join(root, "dist/server");
  rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild
    .build({
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
      logLevel: log ? "silent" : "warning",
    })
    .catch((err) => {
      for (const e of err.errors ?? []) log?.(50, `${e.location?.file ?? ""}:${e.location?.line ?? ""} ${e.text}`);
      throw err;
    });
  for (const w of result.warnings) log?.(40, `${w.location?.file ?? ""}:${w.location?.line ?? ""} ${w.text}`);
  cpSync(path.join(root, "server/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildClient();
  await buildServer();
}
