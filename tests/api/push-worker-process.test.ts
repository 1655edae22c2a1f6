import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { insertSwapRequest } from "./helpers/chat";
import { signedInClient } from "./helpers/client";
import { PushReceiver, pushAppEnv } from "./helpers/push-receiver";

// The app runs in this test's own process (vitest's forks pool), so its push worker is a child of it.

const { env } = pushAppEnv();

let t: TestApp;
let receiver: PushReceiver;
let alice: Awaited<ReturnType<typeof signedInClient>>;
let bob: Awaited<ReturnType<typeof signedInClient>>;

beforeAll(async () => {
  receiver = await new PushReceiver().start();
  t = await startTestApp({ env, notificationWorker: { pollMs: 50, timeoutMs: 1500 } });
  alice = await signedInClient(t.baseUrl, { firstName: "Alice", lastName: "Archer" });
  bob = await signedInClient(t.baseUrl, { firstName: "Bob", lastName: "Baker" });
});
afterAll(async () => {
  await t.close();
  await receiver.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A stat line's fields after the command's name: [0] is the state, [1] the parent, [16] the nice value. */
const statFields = (path: string) => {
  const stat = readFileSync(path, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
};

/** Pids of this process's children that run the push worker. */
function workers(): number[] {
  return readdirSync("/proc").flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const [state, parent] = statFields(`/proc/${entry}/stat`);
      if (Number(parent) !== process.pid || state === "Z") return [];
      return readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("push-worker-") ? [Number(entry)] : [];
    } catch {
      return []; // gone meanwhile
    }
  });
}

/** The nice value of each thread of a process. */
const threadsNice = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).map((tid) => Number(statFields(`/proc/${pid}/task/${tid}/stat`)[16]));

/** A message from Alice to Bob, and the push it makes on his device. */
async function pushToBob(deviceName: string) {
  const sub = receiver.subscription(deviceName);
  expect((await bob.client.post("/api/push/subscriptions", sub.json)).status).toBe(201);
  const { request } = await insertSwapRequest(t.database.db, {
    requesterId: alice.user.id,
    responderId: bob.user.id,
    daysAhead: 12,
  });
  await alice.client.post("/api/messages", { swapRequestId: request.id, content: "Still on?" });
  await receiver.waitFor(() => receiver.pushesFor(sub.endpoint).length === 1);
  const [push] = receiver.pushesFor(sub.endpoint);
  // Decrypted on arrival: the worker encrypted it for this device's keys.
  expect(push.payload.url).toContain(String(request.id));
  await bob.client.request("DELETE", "/api/push/subscriptions", { endpoint: sub.endpoint });
}

describe("the push worker", () => {
  it("claims, encrypts, posts and records in a process of its own, every thread of it below the priority of the one answering requests", async () => {
    await pushToBob("priority");
    const [worker] = workers();
    expect(worker, "a push worker process beside the app").toBeDefined();
    const nice = threadsNice(worker);
    // Its main thread, V8's helpers (its garbage collection) and libuv's pool alike.
    expect(nice.length).toBeGreaterThan(1);
    expect(
      nice.every((n) => n === 10),
      `nice values ${nice}`,
    ).toBe(true);
    // The thread answering requests keeps the normal priority.
    expect(Number(statFields("/proc/thread-self/stat")[16])).toBe(0);
  });

  it("is started again after it is killed, and the next push goes out", async () => {
    await pushToBob("before-kill");
    const [first] = workers();
    expect(first).toBeDefined();
    process.kill(first, "SIGKILL");
    for (let i = 0; i < 50 && workers().includes(first); i++) await sleep(100);
    expect(workers()).not.toContain(first);

    await pushToBob("after-kill");
    const now = workers();
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(first);
  });
});
