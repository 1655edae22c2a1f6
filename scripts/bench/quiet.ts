// Lighthouse judges a page by the main-thread time it measures, so it should not share the CPUs with
// the database still writing out what the phase before it changed (the roster imports write tens of
// thousands of rows). Flushes PostgreSQL's dirty pages, then waits for the machine to go quiet.
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

/** Share of CPU time idle across all cores over `ms` (Linux /proc/stat), or null elsewhere. */
async function idleShare(ms: number): Promise<number | null> {
  const read = () => {
    const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal
    return { idle: cpu[3] + cpu[4], total: cpu.slice(0, 8).reduce((a, b) => a + b, 0) };
  };
  try {
    const a = read();
    await sleep(ms);
    const b = read();
    return b.total === a.total ? null : (b.idle - a.idle) / (b.total - a.total);
  } catch {
    return null;
  }
}

export async function waitForQuiet(dbUrl: string, log: (m: string) => void, maxMs = 60_000): Promise<void> {
  const started = Date.now();
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query("checkpoint");
  } finally {
    await c.end();
  }
  let idle: number | null = null;
  while (Date.now() - started < maxMs) {
    idle = await idleShare(2000);
    if (idle === null || idle >= 0.95) break;
  }
  const share = idle === null ? "unknown" : `${Math.round(idle * 100)} %`;
  log(`quiet after ${((Date.now() - started) / 1000).toFixed(1)} s (CPU idle ${share} over the last 2 s)`);
}
