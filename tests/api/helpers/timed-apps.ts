import { expect } from "vitest";
import type { TestApp } from "./app";
import { testClock } from "./clock";
import { startTwoInstances, vapidEnv } from "./instances";
import { PushReceiver } from "./push-receiver";
import type { Party } from "./swaps";

/**
 * Two instances of the app on one database, sharing a clock the test moves, with pushes to the
 * local push receiver: how timed work (requests closing at their shift's start, reminders) is
 * tested to happen exactly once however many instances run.
 */
type Push = { title: string; body: string; url?: string; tag?: string };

export type TimedApps = {
  t: TestApp;
  second: TestApp;
  clock: ReturnType<typeof testClock>;
  receiver: PushReceiver;
  /** Subscribes the party's one device at the push receiver. */
  subscribe(p: Party): Promise<void>;
  /** The pushes a party's device received about one request (tag `swap-{id}`), oldest first. */
  pushesOf(p: Party, requestId: number): Push[];
  /** Every push a party's device received, oldest first. */
  allPushesOf(p: Party): Push[];
  /** Waits until these parties' pushes about the request number `expected`, then a little longer, and checks no more came. */
  settle(parties: Party[], requestId: number, expected: number): Promise<void>;
  close(): Promise<void>;
};

export async function startTimedApps(
  opts: { env?: Record<string, string>; shiftStartWorker?: { intervalMs: number } } = {},
): Promise<TimedApps> {
  const env = { ...vapidEnv(), ...opts.env };
  const clock = testClock();
  const receiver = await new PushReceiver().start();
  const appOpts = {
    env,
    notificationWorker: { pollMs: 50, timeoutMs: 1500 },
    clock,
    shiftStartWorker: opts.shiftStartWorker ?? { intervalMs: 50 },
  };
  const apps = await startTwoInstances(appOpts);
  const { first: t, second } = apps;
  const device = new Map<number, string>();

  const allPushesOf: TimedApps["allPushesOf"] = (p) =>
    receiver.pushesFor(device.get(p.id) as string).map((r) => r.payload);
  const pushesOf: TimedApps["pushesOf"] = (p, requestId) => allPushesOf(p).filter((x) => x.tag === `swap-${requestId}`);

  return {
    t,
    second,
    clock,
    receiver,
    async subscribe(p) {
      const sub = receiver.subscription(`p${p.id}`);
      expect((await p.client.post("/api/push/subscriptions", sub.json)).status).toBe(201);
      device.set(p.id, sub.endpoint);
    },
    pushesOf,
    allPushesOf,
    async settle(parties, requestId, expected) {
      const total = () => parties.reduce((n, p) => n + pushesOf(p, requestId).length, 0);
      await receiver.waitFor(() => total() >= expected, 10_000);
      await new Promise((r) => setTimeout(r, 600));
      expect(total()).toBe(expected);
    },
    async close() {
      await apps.close();
      await receiver.stop();
    },
  };
}
