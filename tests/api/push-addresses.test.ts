import { createECDH, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { ENDPOINT_INVALID, ENDPOINT_NOT_PUBLIC } from "../../common/push";
import { pushSubscriptions } from "../../server/db/schema";
import { postPush, REFUSED_ADDRESS } from "../../server/notifications/push-transport";
import { recordNotifications } from "../../server/notifications/record";
import type { AddressLookup } from "../../server/security/public-address";
import { startTestApp, type TestApp, testLookup } from "./helpers/app";
import { insertSwapRequest } from "./helpers/chat";
import { signedInClient } from "./helpers/client";
import { TlsListener } from "./helpers/tls-listener";

/** Server-side fetches go only to public addresses (DESIGN §5.24), when stored and when connecting. */

const vapid = webpush.generateVAPIDKeys();
const env = {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  NOTIFY_MESSAGE_HOLD_SECONDS: "0",
};
const worker = { pollMs: 50, timeoutMs: 1500 };

/** A name that resolves inside the network; the reserved test names resolve to a public address. */
const lookup: AddressLookup = (host) => (host === "inside.example" ? Promise.resolve(["127.0.0.1"]) : testLookup(host));

let listener: TlsListener;
let t: TestApp;

beforeAll(async () => {
  listener = await new TlsListener().start();
  // As in production: PUSH_ALLOW_INSECURE unset.
  t = await startTestApp({ env, notificationWorker: worker, lookup });
});
afterAll(async () => {
  await t.close();
  await listener.stop();
});

function keys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

/** Waits until an asynchronous condition holds (work the push worker does after commit). */
async function eventually(condition: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const rowsAt = (app: TestApp, endpoint: string) =>
  app.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

describe("storing a push endpoint", () => {
  it("refuses every address inside the network with a clear 400, and nothing is stored or connected to", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const port = listener.port;
    const inside = [
      `https://127.0.0.1:${port}/push/a`,
      `https://localhost:${port}/push/a`,
      `https://[::1]:${port}/push/a`,
      `https://2130706433:${port}/push/a`,
      `https://0x7f.1:${port}/push/a`,
      `https://0177.0.0.1:${port}/push/a`,
      `https://[::ffff:127.0.0.1]:${port}/push/a`,
      `https://0.0.0.0:${port}/push/a`,
      `https://[::]:${port}/push/a`,
      `https://inside.example:${port}/push/a`,
      "https://169.254.169.254/latest/meta-data",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://10.0.0.1/push",
      "https://192.168.1.1/push",
      "https://100.64.0.1/push",
      "https://[fd00:ec2::254]/push",
      "https://[fe80::1]/push",
      "https://224.0.0.1/push",
    ];
    for (const endpoint of inside) {
      const res = await client.post("/api/push/subscriptions", { endpoint, keys: keys() });
      expect(res.status, endpoint).toBe(400);
      expect(res.body, endpoint).toMatchObject({ message: ENDPOINT_NOT_PUBLIC, field: "endpoint" });
    }
    const plain = await client.post("/api/push/subscriptions", {
      endpoint: `http://127.0.0.1:${port}/p`,
      keys: keys(),
    });
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ message: ENDPOINT_INVALID, field: "endpoint" });

    const stored = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(stored).toEqual([]);
    expect(listener.connections).toBe(0);

    // A push service on the public internet is stored.
    const fine = await client.post("/api/push/subscriptions", {
      endpoint: "https://push.example.test/send/1",
      keys: keys(),
    });
    expect(fine.status).toBe(201);
  });
});

/** Device rows for a new user, inserted as if an older version had accepted it, and a request to that user. */
async function storedDevices(app: TestApp, ...endpoints: string[]) {
  const sender = await signedInClient(app.baseUrl, { firstName: "Sam", lastName: "Swift" });
  const recipient = await signedInClient(app.baseUrl, { firstName: "Rae", lastName: "Reed" });
  for (const endpoint of endpoints) {
    await app.database.db.insert(pushSubscriptions).values({ userId: recipient.user.id, endpoint, ...keys() });
  }
  const { request } = await insertSwapRequest(app.database.db, {
    requesterId: sender.user.id,
    responderId: recipient.user.id,
  });
  await app.database.db.transaction((tx) =>
    recordNotifications(tx, [{ kind: "request_received", swapRequestId: request.id, actorId: sender.user.id }]),
  );
  return request.id;
}

describe("sending to a stored endpoint inside the network", () => {
  it("opens no connection there and forgets the device", async () => {
    const byAddress = `https://127.0.0.1:${listener.port}/push/stored`;
    const byName = `https://localhost:${listener.port}/push/stored`;
    const requestId = await storedDevices(t, byAddress, byName);
    await eventually(async () => (await rowsAt(t, byAddress)).length + (await rowsAt(t, byName)).length === 0, 10_000);
    expect(listener.connections).toBe(0);
    // The devices are forgotten in the statement before the one that finishes the row.
    const states = () =>
      t.database.db.execute<{ push_state: string }>(
        sql`select push_state from notification_outbox where swap_request_id = ${requestId}`,
      );
    await eventually(async () => (await states()).rows.every((r) => r.push_state !== "pending"), 10_000);
    expect((await states()).rows).toEqual([{ push_state: "done" }]);
  });

  it("does connect when tests allow their push service on this host, so the listener would see a push", async () => {
    const testing = await startTestApp({ env: { ...env, PUSH_ALLOW_INSECURE: "true" }, notificationWorker: worker });
    try {
      const before = listener.connections;
      await storedDevices(testing, `https://127.0.0.1:${listener.port}/push/allowed`);
      await eventually(() => listener.connections > before, 10_000);
    } finally {
      await testing.close();
    }
  });
});

describe("the connect-time lookup", () => {
  const send = (lookup: AddressLookup, allowLoopback: boolean) =>
    postPush({
      endpoint: `https://push.rebind.test:${listener.port}/push/x`,
      headers: { ttl: "60" },
      body: Buffer.from("x"),
      timeoutMs: 2000,
      signal: new AbortController().signal,
      policy: { allowLoopback },
      lookup,
    });

  it("refuses a name that resolves inside the network now, whatever it resolved to when stored", async () => {
    const before = listener.connections;
    for (const inside of [["127.0.0.1"], ["::ffff:127.0.0.1"], ["8.8.8.8", "127.0.0.1"], ["169.254.169.254"]]) {
      expect(await send(async () => inside, false), inside.join()).toBe(REFUSED_ADDRESS);
    }
    expect(listener.connections).toBe(before);

    // The same name and lookup with loopback allowed (tests) does reach the listener.
    await expect(send(async () => ["127.0.0.1"], true)).rejects.toThrow();
    expect(listener.connections).toBe(before + 1);
  });
});
