// CPU time of a process from /proc, for the bench's work figures (work.mjs, sql-baseline.ts).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

export const TICKS_PER_S = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process (all its threads) in ms, or null when it is gone or /proc is not there. */
export function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return null;
  }
}

/**
 * The push workers these servers started (a process of their own each, decisions 044 and 045):
 * their CPU is the server's. Found by their command line, so that the bench's own children (the load generator,
 * the stand-in push service) never count as a server's when the bench times a step in itself.
 */
export function pushWorkersOf(pids) {
  const parents = new Set(pids);
  const found = [];
  let entries = [];
  try {
    entries = readdirSync("/proc");
  } catch {
    return found; // no /proc here
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parents.has(parent) && readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("push-worker")) {
        found.push(Number(entry));
      }
    } catch {
      // gone meanwhile
    }
  }
  return found;
}
