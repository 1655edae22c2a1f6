/**
 * Lighthouse (mobile) on / and the five signed-in screens without the rest of `npm run bench`: a
 * quick before/after check for changes to the client's build.
 *
 * Seeds a small database once (reused while its seed is fresh), builds the client if it is out of
 * date, starts the server as a real process, signs in a seeded clinician who has shifts, swap
 * requests and a conversation, and runs scripts/bench/lighthouse.ts. Prints one line per page and
 * the median figures as JSON (also written to --out when given).
 *
 *   npx tsx scripts/bench/lighthouse-only.ts --database-url postgres://…/db [--runs 5] [--pages /,/calendar] [--out file.json]
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { addDays, todayInLondon } from "../../common/dates";
import { freePort, type Proc, root, runNode, spawnNode, waitForUrl } from "../lib/processes";
import { readSeedMarker } from "../lib/seed-database";
import { SEED_PASSWORD, seedDatabase } from "../lib/seed-service";
import { benchLighthouse, LIGHTHOUSE_PAGES, LIGHTHOUSE_RUNS } from "./lighthouse";

const { values: args } = parseArgs({
  options: {
    "database-url": { type: "string" },
    users: { type: "string", default: "500" },
    runs: { type: "string", default: String(LIGHTHOUSE_RUNS) },
    pages: { type: "string" },
    out: { type: "string" },
  },
});

const log = (msg: string) => console.error(`[lighthouse-only] ${msg}`);

async function ensureSeeded(url: string, users: number) {
  const marker = await readSeedMarker(url);
  if (marker && marker.users === users && marker.firstDay >= addDays(todayInLondon(), -37)) return;
  log(`seeding ${users} users …`);
  await seedDatabase({ url, users, seed: "lighthouse", fresh: true, log });
}

/** A seeded clinician with a swap request that has a responder and a conversation. */
async function pickEmail(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(
      `select u.email from swap_requests r join users u on u.id = r.requester_id
       where r.responder_id is not null and r.status in ('pending', 'accepted')
         and (select count(*) from messages m where m.swap_request_id = r.id) >= 2
       order by r.id limit 1`,
    );
    if (!rows[0]) throw new Error("no seeded user with a conversation");
    return rows[0].email;
  } finally {
    await c.end();
  }
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password: SEED_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))
    ?.split(";")[0];
  if (!cookie) throw new Error("login set no session cookie");
  return cookie;
}

async function main() {
  const dbUrl = args["database-url"] ?? process.env.DATABASE_URL;
  if (!dbUrl) throw new Error("--database-url (or DATABASE_URL) is required");
  await ensureSeeded(dbUrl, Number(args.users));
  log("building the client and the server if they are out of date …");
  await runNode(path.join(root, "scripts/ensure-build.mjs"), []);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-lighthouse-only-"));
  const procs: Proc[] = [];
  try {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const app = spawnNode("dist/server/main.js", {
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      APP_URL: "",
      SMTP_URL: "",
      EMAIL_VERIFICATION: "off",
    });
    procs.push(app);
    await waitForUrl(`${baseUrl}/api/health`, app);
    const cookie = await signIn(baseUrl, await pickEmail(dbUrl));
    const result = await benchLighthouse({
      baseUrl,
      cookie,
      runs: Number(args.runs),
      pages: args.pages ? args.pages.split(",") : LIGHTHOUSE_PAGES,
      log,
    });
    const summary = result.pages.map((p) => ({
      path: p.path,
      performance: p.median.performance,
      accessibility: p.median.accessibility,
      lcpMs: Math.round(p.median.lcpMs),
      tbtMs: Math.round(p.median.tbtMs),
      fcpMs: Math.round(p.median.fcpMs),
      observedLcpMs: p.median.observedLcpMs === null ? null : Math.round(p.median.observedLcpMs),
      runs: p.runs.map((r) => r.performance),
      hostBenchmarkIndex: p.runs.map((r) => r.hostBenchmarkIndex),
      cpuSlowdownMultiplier: p.runs.map((r) => r.cpuSlowdownMultiplier),
      lighthouseBenchmarkIndex: p.runs.map((r) => r.benchmarkIndex),
      discardedBenchmarkIndex: p.discarded.map((r) => r.benchmarkIndex),
      scripts: p.median.scripts.slice(0, 5),
      failing: p.median.failing.map((f) => `${f.id}${f.displayValue ? ` (${f.displayValue})` : ""}`),
    }));
    console.log(JSON.stringify({ at: new Date().toISOString(), loadAvg: os.loadavg(), pages: summary }, null, 2));
    if (args.out) writeFileSync(args.out, JSON.stringify({ result, summary }, null, 2));
  } finally {
    for (const p of procs) await p.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
