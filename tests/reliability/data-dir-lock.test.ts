import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AppProcess,
  PASSWORD,
  postmasterPid,
  registeredSession,
  Session,
  spawnApp,
  startApp,
  stopApp,
  stopOrphanPostgres,
} from "./helpers";

describe("a second server on the same DATA_DIR", () => {
  let dataDir: string;
  let first: AppProcess;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-lock-"));
    first = await startApp({ dataDir });
  });
  afterAll(async () => {
    if (first) await stopApp(first);
    await stopOrphanPostgres(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses to start, names the data dir, and leaves the first server and its data untouched", async () => {
    const { session, email, userId } = await registeredSession(first.baseUrl);
    const created = await session.request("POST", "/api/shifts", {
      date: "2031-03-04",
      shiftType: "day",
      startTime: "07:00",
      endTime: "19:00",
      notes: "written before the second start",
    });
    expect(created.status).toBe(201);
    const lockBefore = readFileSync(path.join(dataDir, "app.pid"), "utf8");
    const postgresBefore = postmasterPid(dataDir);
    expect(postgresBefore).toBeDefined();

    const second = await spawnApp({ dataDir });
    const exit = await second.exited;
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(second.output()).toContain(dataDir);
    expect(second.output()).toMatch(/already using/i);
    // It never listened.
    await expect(fetch(`${second.baseUrl}/api/health`)).rejects.toThrow();

    // Nothing changed: same lock owner, same database server, and the first server works as before.
    expect(readFileSync(path.join(dataDir, "app.pid"), "utf8")).toBe(lockBefore);
    expect(postmasterPid(dataDir)).toBe(postgresBefore);
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
    const me = await session.request("GET", "/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(userId);
    const list = await session.request("GET", "/api/shifts");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id: created.body.id, notes: "written before the second start" }),
    ]);
    const again = new Session(first.baseUrl);
    expect((await again.request("POST", "/api/auth/login", { email, password: PASSWORD })).status).toBe(200);
  });
});
