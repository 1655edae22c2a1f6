import webpush from "web-push";
import { startTestApp, type TestApp } from "./app";
import { Client } from "./client";
import type { Party } from "./swaps";

/** Fresh VAPID keys, and pushes allowed to the local receiver on loopback. */
export function vapidEnv(): Record<string, string> {
  const vapid = webpush.generateVAPIDKeys();
  return { PUSH_ALLOW_INSECURE: "true", VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey };
}

/** What the push tests run with: fresh VAPID keys, pushes to the local receiver, no message hold. */
export function pushEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { ...vapidEnv(), NOTIFY_MESSAGE_HOLD_SECONDS: "0", ...extra };
}

export type TwoInstances = {
  /** The first instance; its database is shared with the second. */
  first: TestApp;
  second: TestApp;
  /** The same user, signed in, talking to the second instance. */
  via2: (p: Party) => Client;
  close: () => Promise<void>;
};

/** Two app instances on one database, as in production behind a load balancer: work must happen once. */
export async function startTwoInstances(opts: Parameters<typeof startTestApp>[0] = {}): Promise<TwoInstances> {
  const first = await startTestApp(opts);
  const second = await startTestApp({ ...opts, databaseUrl: first.database.url });
  return {
    first,
    second,
    via2: (p) => {
      const c = new Client(second.baseUrl);
      c.cookies = p.client.cookies;
      return c;
    },
    close: async () => {
      await second.close();
      await first.close();
    },
  };
}
