import { setTimeout as delay } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishToUsers } from "../../server/realtime/publish";
import { startTestApp, type TestApp } from "./helpers/app";
import { insertSwapRequest } from "./helpers/chat";
import { signedInClient } from "./helpers/client";
import { openReadySocket, openSocket, type TestSocket } from "./helpers/socket";

type Party = Awaited<ReturnType<typeof signedInClient>>;

// Two app instances on one database, as behind a load balancer: each has its own LISTEN connection.
let a: TestApp;
let b: TestApp;
let alice: Party;
let bob: Party;
let carol: Party;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp({ databaseUrl: a.database.url });
  alice = await signedInClient(a.baseUrl, { firstName: "Alice" });
  bob = await signedInClient(a.baseUrl, { firstName: "Bob" });
  carol = await signedInClient(b.baseUrl, { firstName: "Carol" });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await b?.close();
  await a?.close();
});

async function ready(app: TestApp, who: Party) {
  const socket = await openReadySocket(app.baseUrl, who.client, a.database.db, who.user.id);
  sockets.push(socket);
  return socket;
}

describe("events across instances", () => {
  it("delivers NEW_MESSAGE for a message posted on instance A to both parties' sockets on instance B, and to no one else", async () => {
    const { request } = await insertSwapRequest(a.database.db, {
      requesterId: alice.user.id,
      responderId: bob.user.id,
    });
    const bobOnB = await ready(b, bob);
    const aliceOnB = await ready(b, alice);
    const carolOnA = await ready(a, carol);
    const carolOnB = await ready(b, carol);

    const posted = await alice.client.post("/api/messages", { swapRequestId: request.id, content: "On my way" });
    expect(posted.status).toBe(201);

    const expected = { type: "NEW_MESSAGE", payload: { swapRequestId: request.id } };
    expect(await bobOnB.nth(1)).toEqual(expected);
    expect(await aliceOnB.nth(1)).toEqual(expected);

    // A later event to Carol alone: notifications arrive in order, so if she had been sent the
    // message event it would come first.
    await publishToUsers(a.database.db, [carol.user.id], { type: "SWAP_UPDATED", payload: { swapRequestId: 424242 } });
    for (const s of [carolOnA, carolOnB]) {
      expect(await s.nth(1)).toEqual({ type: "SWAP_UPDATED", payload: { swapRequestId: 424242 } });
      expect(s.received).toHaveLength(1);
    }
    expect(bobOnB.received).toHaveLength(1);
  });

  it("delivers SWAP_UPDATED from publishToUsers to both parties on every instance", async () => {
    const { request } = await insertSwapRequest(a.database.db, {
      requesterId: alice.user.id,
      responderId: bob.user.id,
    });
    const aliceOnA = await ready(a, alice);
    const bobOnB = await ready(b, bob);
    const bobOnA = await ready(a, bob);
    await publishToUsers(b.database.db, [alice.user.id, bob.user.id], {
      type: "SWAP_UPDATED",
      payload: { swapRequestId: request.id },
    });
    const expected = { type: "SWAP_UPDATED", payload: { swapRequestId: request.id } };
    expect(await aliceOnA.nth(1)).toEqual(expected);
    expect(await bobOnB.nth(1)).toEqual(expected);
    expect(await bobOnA.nth(1)).toEqual(expected);
  });
});

describe("who may connect", () => {
  it("closes a socket without a session with 4401", async () => {
    const socket = openSocket(b.baseUrl);
    expect(await socket.closed).toBe(4401);
    expect(socket.received).toEqual([]);
  });

  it("closes a socket with a forged or unknown session cookie with 4401", async () => {
    expect(await openSocket(a.baseUrl, { cookie: "sid=forged-session-id" }).closed).toBe(4401);
    // Correctly shaped but badly signed.
    const real = alice.client.cookies.get("sid") ?? "";
    const tampered = real.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect(await openSocket(a.baseUrl, { cookie: `sid=${tampered}` }).closed).toBe(4401);
  });

  it("closes a socket whose session was ended by logout with 4401", async () => {
    const dave = await signedInClient(a.baseUrl, { firstName: "Dave" });
    const cookie = [...dave.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    expect((await dave.client.post("/api/auth/logout")).status).toBe(200);
    expect(await openSocket(b.baseUrl, { cookie }).closed).toBe(4401);
  });

  it("closes a socket opened from another site with 4403", async () => {
    const socket = openSocket(a.baseUrl, { client: alice.client, origin: "https://evil.example" });
    expect(await socket.closed).toBe(4403);
  });
});

describe("losing the LISTEN connection", () => {
  it("closes sockets so clients resync, then reconnects and delivers again", async () => {
    const before = await ready(b, bob);
    await a.database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'crewswap-realtime' and datname = current_database()
    `);
    expect(await before.closed).toBe(1012);

    // The listener comes back with back-off; a new socket then receives events again.
    let after: TestSocket | undefined;
    while (!after) {
      after = await ready(b, bob).catch(() => undefined);
      if (!after) await delay(100);
    }
    await publishToUsers(a.database.db, [bob.user.id], { type: "NEW_MESSAGE", payload: { swapRequestId: 7 } });
    expect(await after.nth(1)).toEqual({ type: "NEW_MESSAGE", payload: { swapRequestId: 7 } });
  });
});

describe("shutting down", () => {
  it("closes the instance's sockets with 1001 so clients reconnect elsewhere", async () => {
    const c = await startTestApp({ databaseUrl: a.database.url });
    let closing: Promise<void> | undefined;
    try {
      const socket = await openReadySocket(c.baseUrl, carol.client, a.database.db, carol.user.id);
      closing = c.close();
      expect(await socket.closed).toBe(1001);
    } finally {
      await (closing ?? c.close());
    }
  });
});
