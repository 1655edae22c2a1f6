import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addDays } from "../../common/dates";
import {
  type AppProcess,
  alive,
  descendants,
  newRegistration,
  PASSWORD,
  postmasterPid,
  registeredSession,
  Session,
  sleep,
  startApp,
  stopApp,
  stopOrphanPostgres,
} from "./helpers";

type Outcome = { probe: number; kind: "shift" | "register"; status?: number; error?: string; key: string };

/** Request ids of the server's log lines, by the probe number each request carried in its URL. */
function serverLog(output: string) {
  const received = new Map<number, string>();
  const completed = new Map<string, number>();
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    let entry: any;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const probe = /[?&]probe=(\d+)/.exec(entry.req?.url ?? "");
    if (entry.msg === "incoming request" && probe) received.set(Number(probe[1]), entry.reqId);
    if (entry.msg === "request completed") completed.set(entry.reqId, entry.res?.statusCode);
  }
  return { received, completed };
}

describe("graceful shutdown under load", () => {
  let dataDir: string;
  let app: AppProcess | undefined;
  afterAll(async () => {
    if (app) await stopApp(app);
    if (!dataDir) return;
    await stopOrphanPostgres(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("finishes the requests in flight on SIGTERM and loses none it acknowledged", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-term-"));
    // Request logs let the test tell which requests the server had received when it was told to stop.
    app = await startApp({ dataDir, logLevel: "info" });
    const { session } = await registeredSession(app.baseUrl);
    const outcomes: Outcome[] = [];
    let probe = 0;
    let stopped = false;

    const track = async (kind: Outcome["kind"], key: string, send: (n: number) => Promise<{ status: number }>) => {
      const n = ++probe;
      const outcome: Outcome = { probe: n, kind, key };
      outcomes.push(outcome);
      try {
        outcome.status = (await send(n)).status;
      } catch (err) {
        outcome.error = String((err as Error).cause ?? err);
      }
      return outcome;
    };

    let day = 0;
    const writer = async () => {
      const client = new Session(app!.baseUrl);
      client.cookie = session.cookie;
      while (!stopped) {
        const date = addDays("2032-01-01", day++);
        const body = { date, shiftType: "day", startTime: "07:00", endTime: "19:00", notes: `shutdown ${date}` };
        const outcome = await track("shift", date, (n) => client.request("POST", `/api/shifts?probe=${n}`, body));
        if (outcome.error) await sleep(20);
      }
    };
    // Registrations hash a password (tens of ms each, four at a time), so many are mid-request at the signal.
    const registrations: Promise<Outcome>[] = [];
    const register = () => {
      const reg = newRegistration("term");
      registrations.push(
        track("register", reg.email, (n) =>
          new Session(app!.baseUrl).request("POST", `/api/auth/register?probe=${n}`, reg),
        ),
      );
    };

    const writers = Array.from({ length: 6 }, () => writer());
    await sleep(400);
    for (let i = 0; i < 16; i++) register();
    await sleep(60);
    app.child.kill("SIGTERM");
    for (let i = 0; i < 4; i++) register();
    const exit = await app.exited;
    stopped = true;
    await Promise.all([...writers, ...registrations]);
    expect(exit, app.output().slice(-3000)).toEqual({ code: 0, signal: null });

    const log = serverLog(app.output());
    const byProbe = new Map(outcomes.map((o) => [o.probe, o]));
    // Every request the server had started on was answered, and not with a server error.
    const unanswered = [...log.received.keys()].map((n) => byProbe.get(n)!).filter((o) => o.status === undefined);
    expect(unanswered, "received by the server but never answered").toEqual([]);
    const failed = [...log.received.keys()].map((n) => byProbe.get(n)!).filter((o) => (o.status ?? 0) >= 500);
    expect(failed, "received by the server but answered 5xx").toEqual([]);
    for (const [n, reqId] of log.received) {
      expect(log.completed.get(reqId), `request with probe ${n} completed in the log`).toBe(byProbe.get(n)!.status);
    }
    const registrationsInFlight = outcomes.filter((o) => o.kind === "register" && log.received.has(o.probe));
    expect(registrationsInFlight.length, "registrations under way at the signal").toBeGreaterThan(0);

    // After a restart, everything that was acknowledged is there.
    const acknowledged = outcomes.filter((o) => o.status !== undefined && o.status >= 200 && o.status < 300);
    expect(acknowledged.filter((o) => o.kind === "shift").length).toBeGreaterThan(0);
    app = await startApp({ dataDir });
    const reader = new Session(app.baseUrl);
    reader.cookie = session.cookie;
    const list = await reader.request("GET", "/api/shifts");
    expect(list.status).toBe(200);
    const stored = new Set((list.body as { date: string; notes: string }[]).map((s) => `${s.date}|${s.notes}`));
    const lostShifts = acknowledged.filter((o) => o.kind === "shift" && !stored.has(`${o.key}|shutdown ${o.key}`));
    expect(lostShifts).toEqual([]);
    for (const o of acknowledged.filter((o) => o.kind === "register")) {
      const login = await new Session(app.baseUrl).request("POST", "/api/auth/login", {
        email: o.key,
        password: PASSWORD,
      });
      expect(login.status, `account ${o.key} acknowledged before the shutdown`).toBe(200);
    }
  });

  it("stops the whole tree within 10 s when SIGTERM goes to npm start's pid, under load, losing nothing acknowledged", async () => {
    const npmDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-term-npm-"));
    let npmApp: AppProcess | undefined;
    try {
      npmApp = await startApp({ dataDir: npmDir, viaNpm: true });
      const { session } = await registeredSession(npmApp.baseUrl);
      const postgres = postmasterPid(npmDir);
      expect(postgres, "the embedded PostgreSQL runs").toBeDefined();
      const tree = [npmApp.pid, ...descendants(npmApp.pid)];
      expect(tree.length, "npm and the server").toBeGreaterThan(1);

      let stopped = false;
      let day = 0;
      const acknowledged: string[] = [];
      const writer = async () => {
        const client = new Session(npmApp!.baseUrl);
        client.cookie = session.cookie;
        while (!stopped) {
          const date = addDays("2038-01-01", day++);
          const body = { date, shiftType: "day", startTime: "07:00", endTime: "19:00", notes: `npm ${date}` };
          try {
            const res = await client.request("POST", "/api/shifts", body);
            if (res.status === 201) acknowledged.push(date);
          } catch {
            await sleep(20);
          }
        }
      };
      const writers = Array.from({ length: 4 }, () => writer());
      await sleep(500);
      const signalled = Date.now();
      process.kill(npmApp.pid, "SIGTERM");
      const exit = await npmApp.exited;
      const took = Date.now() - signalled;
      stopped = true;
      await Promise.all(writers);
      expect(exit.code, npmApp.output().slice(-3000)).toBe(0);
      expect(took).toBeLessThan(10_000);
      // Nothing of the tree is left: npm, the server, the embedded PostgreSQL and its workers.
      await sleep(200);
      expect([...tree, postgres as number].filter(alive).map(describeProcess)).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(0);

      npmApp = await startApp({ dataDir: npmDir });
      const reader = new Session(npmApp.baseUrl);
      reader.cookie = session.cookie;
      const list = await reader.request("GET", "/api/shifts");
      const stored = new Set((list.body as { date: string; notes: string }[]).map((s) => `${s.date}|${s.notes}`));
      expect(acknowledged.filter((d) => !stored.has(`${d}|npm ${d}`))).toEqual([]);
    } finally {
      if (npmApp) await stopApp(npmApp);
      await stopOrphanPostgres(npmDir);
      rmSync(npmDir, { recursive: true, force: true });
    }
  });
});

const describeProcess = (pid: number) => {
  try {
    return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ")}`;
  } catch {
    return `${pid} (gone)`;
  }
};
