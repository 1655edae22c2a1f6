// `npm test`: unit, API and browser tests in one vitest run, then one plain summary line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

const report = path.join(root, "test-results/vitest.json");
mkdirSync(path.dirname(report), { recursive: true });
const args = process.argv.slice(2);
const run = spawnSync(
  process.execPath,
  [
    path.join(root, "node_modules/vitest/vitest.mjs"),
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...args,
  ],
  { cwd: root, stdio: "inherit", env: process.env },
);

let summary = "";
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, "utf8"));
  const skipped = r.numPendingTests + r.numTodoTests;
  summary = `${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""}`;
  if (r.numTotalTests === 0) {
    console.error("No test ran.");
    process.exit(1);
  }
  console.log(`\ntests: ${summary}`);
}
process.exit(run.status ?? 1);
