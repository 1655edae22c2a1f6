import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { spawnNode } from "../../scripts/lib/processes";
import { type AppProcess, alive, createDatabase, descendants, sleep, startApp, stopApp } from "./helpers";

/** The push worker's process among a process's descendants, once it has started. */
async function workerOf(pid: number): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const worker = descendants(pid).find((child) => {
      try {
        return readFileSync(`/proc/${child}/cmdline`, "utf8").includes("push-worker-");
      } catch {
        return false;
      }
    });
    if (worker) return worker;
    await sleep(100);
  }
  throw new Error(`no push worker under ${pid}`);
}

async function gone(pid: number, ms: number) {
  for (const until = Date.now() + ms; Date.now() < until && alive(pid); ) await sleep(50);
  return !alive(pid);
}

describe("the push worker's process", () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const clean of cleanups.splice(0).reverse()) await clean();
  });

  it("ends when its server is killed without a word, even with a push in flight", async () => {
    // A push service that takes the connection and never answers: the push stays in flight for its
    // whole minute, so the worker has work that would keep it running on its own.
    const held: Socket[] = [];
    const service: Server = createServer((socket) => held.push(socket));
    await new Promise<void>((r) => service.listen(0, "127.0.0.1", r));
    cleanups.push(() => {
      for (const s of held) s.destroy();
      service.close();
    });
    const { port } = service.address() as { port: number };
    const database = await createDatabase();
    cleanups.push(database.drop);
    const host = spawnNode("tests/reliability/fixtures/push-worker-host.ts", {}, [
      `http://127.0.0.1:${port}/push/x`,
      database.url,
    ]);
    cleanups.push(() => host.stop(1000));
    const worker = await workerOf(host.pid);
    for (let i = 0; i < 100 && held.length === 0; i++) await sleep(100);
    expect(held.length, `the push reached the service\n${host.output()}`).toBe(1);

    host.child.kill("SIGKILL");
    await host.exited;
    expect(await gone(worker, 5000), "the worker has ended").toBe(true);
  });

  it("ends with the server when it stops", async () => {
    const database = await createDatabase();
    cleanups.push(database.drop);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "crewswap-push-worker-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const app: AppProcess = await startApp({ dataDir, databaseUrl: database.url });
    cleanups.push(() => stopApp(app));
    const worker = await workerOf(app.pid);
    await stopApp(app);
    expect(await gone(worker, 5000), "the worker has ended").toBe(true);
  });
});
