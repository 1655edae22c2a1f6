// Driving a family: the load generator (scripts/bench/load.mjs) in a process of its own, the
// requests it sends, and a probe that a route is there before it is loaded.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { root, runNode } from "../lib/processes";
import { CONNECTIONS, DURATION, PACED_CONNECTIONS, WARMUP } from "./config";
import type { Family } from "./families";
import type { BenchUser } from "./users";

export type Load = {
  requests: number;
  achievedRate: number;
  ok: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  p999: number | null;
  max: number | null;
  mean: number | null;
  bytesPerResponse: number;
  /** Paced runs: requests not sent because two seconds of backlog were already waiting. */
  dropped?: number;
  /** Paced runs: of the errors, requests that timed out or were still unanswered at the end. */
  slow?: number;
  /** When asked for: what the window cost the server and its database (scripts/bench/work.mjs). */
  work?: Work;
};

/** Per request: CPU in ms, and the database's statements, rows and shared blocks (hit + read). */
export type Work = {
  requests: number;
  source: "pg_stat_statements" | "pg_stat_database" | "none";
  /** Backends of the database that disconnected during the window: their CPU is not counted. */
  backendsLeft: number;
  perRequest: {
    serverCpuMs: number | null;
    dbCpuMs: number | null;
    cpuMs: number | null;
    calls: number | null;
    rows: number | null;
    blocks: number | null;
  };
  machine: { windowS: number; stealShare: number | null; otherCores: number | null; loadAvg1: number | null } | null;
};

/** The processes whose work a run counts: the server's, and the client backends of its database. */
export type WorkTarget = { serverPids: number[]; dbUrl: string | null };

/**
 * Runs scripts/bench/load.mjs in a second process. "paced" sends at a steady rate and is what the
 * budgets are judged on; "autocannon" is autocannon's `overallRate`, which sends each second's
 * share in a burst (see load.mjs), reported beside it.
 */
export async function drive(
  baseUrl: string,
  rate: number,
  requests: { method: string; path: string; headers?: Record<string, string>; body?: string }[],
  opts: { duration?: number; warmup?: number; mode?: "paced" | "autocannon"; work?: WorkTarget } = {},
): Promise<Load> {
  const mode = opts.mode ?? "paced";
  const cfg = {
    url: baseUrl,
    rate,
    mode,
    connections: mode === "paced" ? PACED_CONNECTIONS : CONNECTIONS,
    duration: opts.duration ?? DURATION,
    warmup: opts.warmup ?? WARMUP,
    requests,
    work: opts.work,
  };
  const dir = mkdtempSync(path.join(os.tmpdir(), "crewswap-load-"));
  const file = path.join(dir, "load.json");
  writeFileSync(file, JSON.stringify(cfg));
  try {
    const out = await runNode(path.join(root, "scripts/bench/load.mjs"), [`@${file}`]);
    return JSON.parse(out.trim().split("\n").pop() as string);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function requestsFor(family: Family, users: BenchUser[], baseUrl: string) {
  const perUser = users.map((u) => {
    const made = family.request(u);
    return (Array.isArray(made) ? made : [made]).map((r: { path: string; body?: unknown }) => {
      // As a browser asks: answers are measured with the compression they are served with.
      const headers: Record<string, string> = { cookie: u.cookie, origin: baseUrl, "accept-encoding": "br, gzip" };
      if (r.body !== undefined) headers["content-type"] = "application/json";
      return {
        method: family.method,
        path: r.path,
        headers,
        ...(r.body !== undefined ? { body: JSON.stringify(r.body) } : {}),
      };
    });
  });
  // Interleaved, so every stretch of the run has each user's requests.
  const longest = Math.max(...perUser.map((list) => list.length));
  return Array.from({ length: longest }, (_, i) =>
    perUser.flatMap((list) => (i < list.length ? [list[i]] : [])),
  ).flat();
}

/** One call per user before loading: a route that is not there yet is reported, not measured. */
export async function probe(family: Family, users: BenchUser[], baseUrl: string): Promise<string | null> {
  for (const r of requestsFor(family, users, baseUrl).slice(0, users.length)) {
    const res = await fetch(baseUrl + r.path, { method: r.method, headers: r.headers, body: r.body });
    const text = await res.text();
    if (res.status === 404 && text.includes("No route for")) return "missing";
    if (res.status < 200 || res.status > 299) return `answered ${res.status}: ${text.slice(0, 200)}`;
  }
  return null;
}
