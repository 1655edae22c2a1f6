import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { type AppProcess, createDatabase, sleep, startApp, stopApp } from "./helpers";

/** The push worker's process names its connections so (push-worker-process.ts). */
const PUSH_WORKER = "crewswap-push-worker";

/**
 * The PostgreSQL backends serving `database`: the server's (its pool and its LISTEN connections), or
 * its push worker process's.
 */
async function backends(admin: pg.Client, database: string, of: "server" | "push worker"): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where datname = $1 and backend_type = 'client backend'
        and (application_name = $2) = $3 and pid <> pg_backend_pid()
      order by pid`,
    [database, PUSH_WORKER, of === "push worker"],
  );
  return rows.map((r) => r.pid);
}

/** Requests that each run a query, all at once, so the pool opens several connections. */
async function burst(baseUrl: string, n: number) {
  const answers = await Promise.all(Array.from({ length: n }, () => fetch(`${baseUrl}/api/health`)));
  expect(answers.map((a) => a.status)).toEqual(new Array(n).fill(200));
}

describe("the server's database connections", () => {
  let app: AppProcess | undefined;
  let admin: pg.Client | undefined;
  let drop: (() => Promise<void>) | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-pool-"));
  afterAll(async () => {
    if (app) await stopApp(app);
    await admin?.end();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stay open through a quiet spell, so the requests after it wait for no new PostgreSQL backend", async () => {
    const created = await createDatabase();
    drop = created.drop;
    const database = new URL(created.url).pathname.slice(1);
    app = await startApp({ dataDir, databaseUrl: created.url });
    admin = new pg.Client({ connectionString: created.url });
    await admin.connect();
    const appBackends = () => backends(admin!, database, "server");
    const workerBackends = () => backends(admin!, database, "push worker");

    await burst(app.baseUrl, 40);
    const before = await appBackends();
    // The pool's own connections beside the one that LISTENs.
    expect(before.length).toBeGreaterThanOrEqual(3);
    // The push worker polls from its own process, on connections of its own.
    await vi.waitFor(async () => expect((await workerBackends()).length).toBeGreaterThan(0), { timeout: 10_000 });
    const workerBefore = await workerBackends();

    // pg's pool closes a connection left idle for 10 s unless told to keep it.
    await sleep(11_500);
    expect(await appBackends()).toEqual(before);
    // The worker's lanes may have needed another meanwhile, but none it had was closed.
    expect((await workerBackends()).filter((pid) => workerBefore.includes(pid))).toEqual(workerBefore);

    // The burst after the lull runs on those same connections.
    await burst(app.baseUrl, 40);
    expect((await appBackends()).filter((pid) => before.includes(pid))).toEqual(before);
  });
});
