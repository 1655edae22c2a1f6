import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addDays } from "../../common/dates";
import {
  type AppProcess,
  createDatabase,
  killApp,
  postmasterPid,
  registeredSession,
  Session,
  sleep,
  startApp,
  stopApp,
  stopOrphanPostgres,
} from "./helpers";

const CYCLES = 20;
const WRITERS = 4;

type Ack = { id: number; date: string; notes: string };

// A fixed sequence of kill moments (ms after the writers start), different each cycle.
function killDelays(seed: number): number[] {
  let x = seed;
  return Array.from({ length: CYCLES }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return 60 + (x % 700);
  });
}

/**
 * Writers create shifts until the server dies; each 201 is logged as acknowledged. Anything the
 * server said 201 to must still be there after the restart, however abruptly it was stopped.
 */
async function crashCycles(opts: {
  dataDir: string;
  databaseUrl?: string;
  /** Also SIGKILL the embedded PostgreSQL server on these cycles (a crash of the whole box). */
  killDatabaseOn?: (cycle: number) => boolean;
}) {
  const acked: Ack[] = [];
  let next = 0;
  let app: AppProcess = await startApp({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl });
  const { session } = await registeredSession(app.baseUrl);
  const delays = killDelays(opts.databaseUrl ? 7 : 11);
  const errors: string[] = [];
  let databaseKills = 0;
  try {
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const client = new Session(app.baseUrl);
      client.cookie = session.cookie;
      let dead = false;
      const writer = async (w: number) => {
        while (!dead) {
          const n = next++;
          const body = {
            date: addDays("2030-01-01", n),
            shiftType: n % 2 ? "night" : "day",
            startTime: n % 2 ? "19:00" : "07:00",
            endTime: n % 2 ? "07:00" : "19:00",
            notes: `crash-test write ${n} by writer ${w} in cycle ${cycle}`,
          };
          try {
            const res = await client.request("POST", "/api/shifts", body);
            if (res.status === 201) acked.push({ id: res.body.id, date: body.date, notes: body.notes });
            else if (!dead) errors.push(`cycle ${cycle}: write ${n} answered ${res.status} ${res.text}`);
          } catch {
            // The server died mid-request: not acknowledged, so it may or may not be there.
            return;
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
      await sleep(delays[cycle]);
      const before = acked.length;
      const pgPid = opts.killDatabaseOn?.(cycle) ? postmasterPid(opts.dataDir) : undefined;
      await killApp(app);
      if (pgPid) {
        process.kill(pgPid, "SIGKILL");
        databaseKills++;
      }
      dead = true;
      await Promise.all(writers);
      expect(acked.length, `cycle ${cycle} acknowledged writes before the kill`).toBeGreaterThanOrEqual(before);

      app = await startApp({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl });
      client.baseUrl = app.baseUrl;
      const list = await client.request("GET", "/api/shifts");
      expect(list.status, app.output()).toBe(200);
      const stored = new Map<number, { date: string; notes: string }>(
        (list.body as { id: number; date: string; notes: string }[]).map((s) => [s.id, s]),
      );
      const lost = acked.filter((a) => stored.get(a.id)?.notes !== a.notes || stored.get(a.id)?.date !== a.date);
      expect(lost, `acknowledged writes missing after cycle ${cycle}`).toEqual([]);
    }
    expect(errors).toEqual([]);
    // The run must really have written through the crashes.
    expect(acked.length).toBeGreaterThan(CYCLES);
    return { acked: acked.length, databaseKills };
  } finally {
    await stopApp(app);
  }
}

describe("crash safety", () => {
  const dirs: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const dir of dirs) {
      await stopOrphanPostgres(dir);
      rmSync(dir, { recursive: true, force: true });
    }
    for (const drop of drops) await drop().catch(() => undefined);
  });

  it(`keeps every acknowledged shift on the embedded database through ${CYCLES} SIGKILLs`, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-crash-"));
    dirs.push(dataDir);
    // Every third cycle the database server dies too, so the next start runs crash recovery.
    const result = await crashCycles({ dataDir, killDatabaseOn: (cycle) => cycle % 3 === 2 });
    expect(result.databaseKills).toBeGreaterThan(0);
  }, 240_000);

  it(`keeps every acknowledged shift on PostgreSQL (DATABASE_URL) through ${CYCLES} SIGKILLs`, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-crash-pg-"));
    dirs.push(dataDir);
    const database = await createDatabase();
    drops.push(database.drop);
    await crashCycles({ dataDir, databaseUrl: database.url });
  }, 240_000);
});
