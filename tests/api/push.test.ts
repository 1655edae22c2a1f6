import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions } from "../../server/db/schema";
import { recordNotifications } from "../../server/notifications/record";
import { startTestApp, type TestApp } from "./helpers/app";
import { insertSwapRequest } from "./helpers/chat";
import { Client, signedInClient } from "./helpers/client";
import { PushReceiver, pushAppEnv } from "./helpers/push-receiver";

type Party = Awaited<ReturnType<typeof signedInClient>>;

const { vapid, env } = pushAppEnv();
const worker = { pollMs: 50, timeoutMs: 1500 };

let t: TestApp;
let receiver: PushReceiver;
let alice: Party;
let bob: Party;
let carol: Party;

beforeAll(async () => {
  receiver = await new PushReceiver().start();
  t = await startTestApp({ env, notificationWorker: worker });
  alice = await signedInClient(t.baseUrl, { firstName: "Alice", lastName: "Archer" });
  bob = await signedInClient(t.baseUrl, { firstName: "Bob", lastName: "Baker" });
  carol = await signedInClient(t.baseUrl, { firstName: "Carol", lastName: "Cole" });
});
afterAll(async () => {
  await t.close();
  await receiver.stop();
});

const subscribe = (who: Party, json: unknown) => who.client.post("/api/push/subscriptions", json);
const newRequest = () =>
  insertSwapRequest(t.database.db, { requesterId: alice.user.id, responderId: bob.user.id, daysAhead: 12 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the public key", () => {
  it("answers the VAPID public key the pushes are signed with, signed out too", async () => {
    const res = await new Client(t.baseUrl).get("/api/push/public-key");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ publicKey: vapid.publicKey });
  });
});

describe("subscription routes", () => {
  it("refuses signed-out callers", async () => {
    const anon = new Client(t.baseUrl);
    const sub = receiver.subscription("anon");
    expect((await anon.post("/api/push/subscriptions", sub.json)).status).toBe(401);
    expect((await anon.request("DELETE", "/api/push/subscriptions", { endpoint: sub.endpoint })).status).toBe(401);
  });

  it("validates the endpoint and the keys", async () => {
    const sub = receiver.subscription("invalid").json;
    const bad = [
      [{ ...sub, endpoint: "not a url" }, "endpoint"],
      [{ ...sub, endpoint: "http://push.example.com/x" }, "endpoint"],
      [{ ...sub, endpoint: "ftp://127.0.0.1/x" }, "endpoint"],
      [{ ...sub, keys: { ...sub.keys, p256dh: "AAAA" } }, "keys"],
      [{ ...sub, keys: { ...sub.keys, auth: "not base64!" } }, "keys"],
      [{ endpoint: sub.endpoint }, "keys"],
    ] as const;
    for (const [body, field] of bad) {
      const res = await subscribe(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
      expect(typeof res.body.message).toBe("string");
    }
    const count = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, alice.user.id));
    expect(count).toHaveLength(0);
  });

  it("answers 201 for a new endpoint and 200 for the same one again, moving it to the caller", async () => {
    const sub = receiver.subscription("moving");
    expect((await subscribe(alice, sub.json)).status).toBe(201);
    expect((await subscribe(alice, sub.json)).status).toBe(200);
    const moved = await subscribe(carol, sub.json);
    expect(moved.status).toBe(200);
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([carol.user.id]);
    expect((await carol.client.request("DELETE", "/api/push/subscriptions", { endpoint: sub.endpoint })).status).toBe(
      204,
    );
  });

  it("never deletes another user's endpoint, and deleting is idempotent", async () => {
    const sub = receiver.subscription("bob-phone");
    expect((await subscribe(bob, sub.json)).status).toBe(201);
    const other = await alice.client.request("DELETE", "/api/push/subscriptions", { endpoint: sub.endpoint });
    expect(other.status).toBe(204);
    const still = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(still).toHaveLength(1);

    const { request } = await newRequest();
    await alice.client.post("/api/messages", { swapRequestId: request.id, content: "still reaches Bob" });
    await receiver.waitFor(() => receiver.pushesFor(sub.endpoint).length === 1);

    expect((await bob.client.request("DELETE", "/api/push/subscriptions", { endpoint: sub.endpoint })).status).toBe(
      204,
    );
    expect((await bob.client.request("DELETE", "/api/push/subscriptions", { endpoint: sub.endpoint })).status).toBe(
      204,
    );
    const gone = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(gone).toHaveLength(0);
  });
});

describe("a new message", () => {
  it("pushes once to each of the other party's devices with names, date and shift type but no message text", async () => {
    const phone = receiver.subscription("bob-msg-phone");
    const laptop = receiver.subscription("bob-msg-laptop");
    const mine = receiver.subscription("alice-msg");
    await subscribe(bob, phone.json);
    await subscribe(bob, laptop.json);
    await subscribe(alice, mine.json);
    const { request, shift } = await newRequest();
    const res = await alice.client.post("/api/messages", { swapRequestId: request.id, content: "Secret text here" });
    expect(res.status).toBe(201);
    await receiver.waitFor(
      () => receiver.pushesFor(phone.endpoint).length + receiver.pushesFor(laptop.endpoint).length >= 2,
    );
    await sleep(500);
    for (const device of [phone, laptop]) {
      const pushes = receiver.pushesFor(device.endpoint);
      expect(pushes).toHaveLength(1);
      const { payload } = pushes[0];
      expect(payload.title).toBe("New message from Alice Archer");
      expect(payload.body).toContain("Day Shift on ");
      expect(payload.body).not.toContain("Secret");
      expect(payload.url).toBe(`/messages/${request.id}`);
      expect(payload.tag).toBe(`swap-${request.id}`);
      expect(pushes[0].vapidKey).toBe(vapid.publicKey);
    }
    expect(shift.date).toBeTruthy();
    expect(receiver.pushesFor(mine.endpoint)).toHaveLength(0);
    expect(receiver.errors).toEqual([]);
  });
});

describe("a user with many devices", () => {
  it("gets a push on each of them at once, without the process warning of a listener leak", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on("warning", onWarning);
    try {
      const devices = Array.from({ length: 12 }, (_, i) => receiver.subscription(`bob-device-${i}`));
      for (const d of devices) expect((await subscribe(bob, d.json)).status).toBe(201);
      const { request } = await newRequest();
      const res = await alice.client.post("/api/messages", { swapRequestId: request.id, content: "Twelve" });
      expect(res.status).toBe(201);
      await receiver.waitFor(() => devices.every((d) => receiver.pushesFor(d.endpoint).length === 1));
      await sleep(200);
      expect(warnings.filter((w) => w.startsWith("MaxListenersExceededWarning"))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });
});

describe("a push service that fails", () => {
  it("deletes the subscription when it answers 410", async () => {
    const sub = receiver.subscription("gone");
    await subscribe(bob, sub.json);
    sub.behave("gone");
    const { request } = await newRequest();
    await alice.client.post("/api/messages", { swapRequestId: request.id, content: "hello" });
    await receiver.waitFor(() => sub.requests() === 1);
    const deadline = Date.now() + 5000;
    let rows = 1;
    while (rows > 0 && Date.now() < deadline) {
      await sleep(100);
      rows = (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint)))
        .length;
    }
    expect(rows).toBe(0);
  });

  it("forgets the device, which then shows push off, when the push service refuses it for good", async () => {
    for (const refusal of ["unauthorized", "forbidden", "not-found"] as const) {
      const sub = receiver.subscription(`refuses-${refusal}`);
      expect((await subscribe(bob, sub.json)).status).toBe(201);
      expect((await bob.client.get("/api/push/subscriptions")).body.endpoints).toContain(sub.endpoint);
      sub.behave(refusal);
      const { request } = await newRequest();
      await alice.client.post("/api/messages", { swapRequestId: request.id, content: "hello" });
      await receiver.waitFor(() => sub.requests() === 1);
      const deadline = Date.now() + 5000;
      let listed = true;
      while (listed && Date.now() < deadline) {
        await sleep(100);
        listed = (await bob.client.get("/api/push/subscriptions")).body.endpoints.includes(sub.endpoint);
      }
      expect(listed, refusal).toBe(false);
      expect(sub.requests(), refusal).toBe(1);
    }
  });

  it("does not slow the request when it hangs or answers 500, and retries until it answers", async () => {
    const hanging = receiver.subscription("hangs");
    const failing = receiver.subscription("fails");
    await subscribe(bob, hanging.json);
    await subscribe(bob, failing.json);
    hanging.behave("hang");
    failing.behave("error");
    const { request } = await newRequest();
    // Warm up the path once, then time a send while both devices misbehave.
    await alice.client.post("/api/messages", { swapRequestId: request.id, content: "one" });
    await receiver.waitFor(() => hanging.requests() >= 1 && failing.requests() >= 1);
    const started = performance.now();
    const res = await alice.client.post("/api/messages", { swapRequestId: request.id, content: "two" });
    const took = performance.now() - started;
    expect(res.status).toBe(201);
    expect(took).toBeLessThan(500);

    failing.behave("ok");
    await receiver.waitFor(() => receiver.pushesFor(failing.endpoint).length === 2, 15_000);
    await bob.client.request("DELETE", "/api/push/subscriptions", { endpoint: hanging.endpoint });
    await bob.client.request("DELETE", "/api/push/subscriptions", { endpoint: failing.endpoint });
  });
});

/** A device's stored row, or undefined once it is forgotten. */
const deviceOf = async (app: TestApp, endpoint: string) => {
  const rows = await app.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return rows[0];
};

describe("a device whose push service keeps failing", () => {
  it("is forgotten once it has failed the set number of times in a row over the set period", async () => {
    const app = await startTestApp({ env, notificationWorker: { ...worker, dropAfter: { failures: 2, periodMs: 0 } } });
    try {
      const { requester, sub, request } = await requestOn(app, "rae-keeps-failing");
      sub.behave("error");
      const event = { kind: "request_received" as const, swapRequestId: request.id, actorId: requester.user.id };
      await app.database.db.transaction((tx) => recordNotifications(tx, [event]));
      await receiver.waitFor(() => sub.requests() >= 2, 10_000);
      const deadline = Date.now() + 5000;
      while ((await deviceOf(app, sub.endpoint)) && Date.now() < deadline) await sleep(100);
      expect(await deviceOf(app, sub.endpoint)).toBeUndefined();
      await sleep(1500);
      expect(sub.requests()).toBe(2);
    } finally {
      await app.close();
    }
  });

  it("is kept while its failures are more recent than the period, and a success starts the count again", async () => {
    const app = await startTestApp({
      env,
      notificationWorker: { ...worker, dropAfter: { failures: 2, periodMs: 3_600_000 } },
    });
    try {
      const { requester, sub, request } = await requestOn(app, "rae-fails-briefly");
      sub.behave("error");
      const event = { kind: "request_received" as const, swapRequestId: request.id, actorId: requester.user.id };
      await app.database.db.transaction((tx) => recordNotifications(tx, [event]));
      await receiver.waitFor(() => sub.requests() >= 3, 15_000);
      const deadline = Date.now() + 5000;
      while (((await deviceOf(app, sub.endpoint))?.failures ?? 0) < 3 && Date.now() < deadline) await sleep(100);
      const failing = await deviceOf(app, sub.endpoint);
      expect(failing?.failures).toBeGreaterThanOrEqual(3);
      expect(failing?.failingSince).toBeInstanceOf(Date);

      sub.behave("ok");
      await receiver.waitFor(() => receiver.pushesFor(sub.endpoint).length === 1, 15_000);
      const until = Date.now() + 5000;
      while ((await deviceOf(app, sub.endpoint))?.failures !== 0 && Date.now() < until) await sleep(100);
      expect(await deviceOf(app, sub.endpoint)).toMatchObject({ failures: 0, failingSince: null });
    } finally {
      await app.close();
    }
  });
});

describe("a device that takes its pushes", () => {
  it("has its last success recorded, rewritten at most once an hour", async () => {
    const { requester, sub, request } = await requestOn(t, "rae-takes-them");
    const event = { kind: "request_received" as const, swapRequestId: request.id, actorId: requester.user.id };
    const lastSuccess = async () => (await deviceOf(t, sub.endpoint))?.lastSuccessAt ?? null;
    const recordedAfter = async (pushes: number) => {
      await t.database.db.transaction((tx) => recordNotifications(tx, [event]));
      await receiver.waitFor(() => receiver.pushesFor(sub.endpoint).length === pushes, 10_000);
      // The device's success is recorded with its outbox row, just after the push is sent.
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const pending = await t.database.db.execute(
          sql`select 1 from notification_outbox where swap_request_id = ${request.id} and push_state = 'pending'`,
        );
        if (pending.rows.length === 0) break;
        await sleep(50);
      }
      return lastSuccess();
    };

    const first = await recordedAfter(1);
    expect(first).toBeInstanceOf(Date);
    expect(await recordedAfter(2)).toEqual(first);

    // Over an hour old: the next success is written again.
    await t.database.db.execute(
      sql`update push_subscriptions set last_success_at = now() - interval '61 minutes' where endpoint = ${sub.endpoint}`,
    );
    const stale = await lastSuccess();
    const third = await recordedAfter(3);
    expect(third?.getTime()).toBeGreaterThan(stale?.getTime() ?? Number.POSITIVE_INFINITY);
  });
});

describe("reading on an open screen", () => {
  it("does not push a message the recipient read during the hold", async () => {
    // Its own database: the main app's worker pushes messages without a hold.
    const held = await startTestApp({
      env: { ...env, NOTIFY_MESSAGE_HOLD_SECONDS: "1.5" },
      notificationWorker: worker,
    });
    try {
      const a = await signedInClient(held.baseUrl, { firstName: "Ann", lastName: "Abel" });
      const b = await signedInClient(held.baseUrl, { firstName: "Ben", lastName: "Best" });
      const sub = receiver.subscription("reads-fast");
      expect((await subscribe(b, sub.json)).status).toBe(201);
      const { request } = await insertSwapRequest(held.database.db, { requesterId: a.user.id, responderId: b.user.id });
      await a.client.post("/api/messages", { swapRequestId: request.id, content: "read me now" });
      await b.client.post(`/api/messages/${request.id}/read`);
      await a.client.post("/api/messages", { swapRequestId: request.id, content: "this one stays unread" });
      await receiver.waitFor(() => receiver.pushesFor(sub.endpoint).length === 1, 8000);
      await sleep(1000);
      expect(receiver.pushesFor(sub.endpoint)).toHaveLength(1);
    } finally {
      await held.close();
    }
  });
});

/** On an app of its own: a requester, a responder with one device on the receiver, and a request between them. */
async function requestOn(app: TestApp, deviceName: string) {
  const requester = await signedInClient(app.baseUrl, { firstName: "Sam", lastName: "Swift" });
  const responder = await signedInClient(app.baseUrl, { firstName: "Rae", lastName: "Reed" });
  const sub = receiver.subscription(deviceName);
  expect((await responder.client.post("/api/push/subscriptions", sub.json)).status).toBe(201);
  const { request } = await insertSwapRequest(app.database.db, {
    requesterId: requester.user.id,
    responderId: responder.user.id,
    daysAhead: 12,
  });
  return { requester, sub, request };
}

describe("a change that commits", () => {
  it("is pushed at once, not at the worker's next look at the outbox", async () => {
    // The worker looks once when it starts and then not for a minute: only the commit can wake it.
    const slow = await startTestApp({ env, notificationWorker: { ...worker, pollMs: 60_000 } });
    try {
      const { requester: sender, sub, request } = await requestOn(slow, "rae-woken");
      const say = async (content: string) =>
        expect((await sender.client.post("/api/messages", { swapRequestId: request.id, content })).status).toBe(201);
      // The first may go with the worker's one look at start, if its process starts after the commit.
      await say("Still on?");
      await receiver.waitFor(() => receiver.pushesFor(sub.endpoint).length >= 1, 10_000);
      // That look is behind it now: only the commit's wake-up can send the second within the minute.
      await say("Are you there?");
      await receiver.waitFor(() => receiver.pushesFor(sub.endpoint).length >= 2, 5_000);
      expect(receiver.pushesFor(sub.endpoint).map((p) => p.payload.title)).toEqual([
        "New message from Sam Swift",
        "New message from Sam Swift",
      ]);
    } finally {
      await slow.close();
    }
  });
});

describe("more than a batch due at once", () => {
  it("is sent batch after batch, each event once, and every row ends done", async () => {
    // A database of its own: no other instance's worker takes part.
    const small = await startTestApp({ env, notificationWorker: { ...worker, batch: 10 } });
    try {
      const { requester, sub, request } = await requestOn(small, "rae-batches");
      const event = { kind: "request_received" as const, swapRequestId: request.id, actorId: requester.user.id };
      await small.database.db.transaction((tx) =>
        recordNotifications(
          tx,
          Array.from({ length: 45 }, () => event),
        ),
      );
      await receiver.waitFor(() => receiver.pushesFor(sub.endpoint).length >= 45, 15_000);
      await sleep(800);
      expect(receiver.pushesFor(sub.endpoint)).toHaveLength(45);
      const states = await small.database.db.execute<{ push_state: string; n: number }>(sql`
        select push_state, count(*)::int as n from notification_outbox group by push_state
      `);
      expect(states.rows).toEqual([{ push_state: "done", n: 45 }]);
    } finally {
      await small.close();
    }
  });
});

describe("a push service that hangs", () => {
  it("holds up only its own pushes: a colleague's notification that commits meanwhile goes out at once", async () => {
    // A hanging push service is given 6 s per attempt here; the other push must not wait for it.
    const app = await startTestApp({ env, notificationWorker: { ...worker, timeoutMs: 6000 } });
    try {
      const stuck = await requestOn(app, "rae-hanging-service");
      const fine = await requestOn(app, "rae-fine-service");
      stuck.sub.behave("hang");
      const about = (r: typeof stuck) =>
        ({ kind: "request_received", swapRequestId: r.request.id, actorId: r.requester.user.id }) as const;
      await app.database.db.transaction((tx) => recordNotifications(tx, [about(stuck)]));
      await receiver.waitFor(() => stuck.sub.requests() >= 1, 5_000);
      const committed = Date.now();
      await app.database.db.transaction((tx) => recordNotifications(tx, [about(fine)]));
      await receiver.waitFor(() => receiver.pushesFor(fine.sub.endpoint).length >= 1, 3_000);
      expect(Date.now() - committed).toBeLessThan(3_000);
      expect(receiver.pushesFor(stuck.sub.endpoint)).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});

describe("two app instances on one database", () => {
  it("push each event exactly once", async () => {
    const second = await startTestApp({ env, notificationWorker: worker, databaseUrl: t.database.url });
    try {
      const sub = receiver.subscription("bob-two-instances");
      await subscribe(bob, sub.json);
      const { request } = await newRequest();
      const viaSecond = new Client(second.baseUrl);
      viaSecond.cookies = alice.client.cookies;
      const sends = Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? viaSecond : alice.client).post("/api/messages", { swapRequestId: request.id, content: `m${i}` }),
      );
      for (const res of await Promise.all(sends)) expect(res.status).toBe(201);
      await receiver.waitFor(() => receiver.pushesFor(sub.endpoint).length >= 30, 15_000);
      await sleep(1000);
      expect(receiver.pushesFor(sub.endpoint)).toHaveLength(30);
      const states = await t.database.db.execute<{ push_state: string; n: number }>(sql`
        select push_state, count(*)::int as n from notification_outbox
        where swap_request_id = ${request.id} group by push_state
      `);
      expect(states.rows).toEqual([{ push_state: "done", n: 30 }]);
    } finally {
      await second.close();
    }
  });
});
