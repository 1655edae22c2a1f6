import { setTimeout as delay } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, until } from "./helpers/app";
import { insertSwapRequest } from "./helpers/chat";
import { Client, PASSWORD, signedInClient, uniqueEmail } from "./helpers/client";
import { openReadySocket, openSocket, sendEvent, type TestSocket } from "./helpers/socket";

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
    await sendEvent(a.database.db, [carol.user.id], { type: "SWAP_UPDATED", payload: { swapRequestId: 424242 } });
    for (const s of [carolOnA, carolOnB]) {
      expect(await s.nth(1)).toEqual({ type: "SWAP_UPDATED", payload: { swapRequestId: 424242 } });
      expect(s.received).toHaveLength(1);
    }
    expect(bobOnB.received).toHaveLength(1);
  });

  it("delivers a SWAP_UPDATED sent from instance B to both parties on every instance", async () => {
    const { request } = await insertSwapRequest(a.database.db, {
      requesterId: alice.user.id,
      responderId: bob.user.id,
    });
    const aliceOnA = await ready(a, alice);
    const bobOnB = await ready(b, bob);
    const bobOnA = await ready(a, bob);
    await sendEvent(b.database.db, [alice.user.id, bob.user.id], {
      type: "SWAP_UPDATED",
      payload: { swapRequestId: request.id },
    });
    const expected = { type: "SWAP_UPDATED", payload: { swapRequestId: request.id } };
    expect(await aliceOnA.nth(1)).toEqual(expected);
    expect(await bobOnB.nth(1)).toEqual(expected);
    expect(await bobOnA.nth(1)).toEqual(expected);
  });
});

describe("read ticks", () => {
  it("tells the sender's sockets with MESSAGES_READ once the other party reads, and no one else", async () => {
    const { request } = await insertSwapRequest(a.database.db, {
      requesterId: alice.user.id,
      responderId: bob.user.id,
    });
    // Sockets first: a NEW_MESSAGE still travelling between instances must not be mistaken for the read.
    const aliceOnB = await ready(b, alice);
    const carolOnA = await ready(a, carol);
    const sent = await alice.client.post("/api/messages", { swapRequestId: request.id, content: "Still on?" });
    expect(sent.status).toBe(201);
    expect((await aliceOnB.nth(1)).type).toBe("NEW_MESSAGE");

    const read = await bob.client.post(`/api/messages/${request.id}/read`);
    expect(read.body).toEqual({ updated: 1 });
    const expected = { type: "MESSAGES_READ", payload: { swapRequestId: request.id } };
    expect(await aliceOnB.nth(2)).toEqual(expected);
    // What the event tells the sender to refetch now says 'read'.
    const messages = await alice.client.get(`/api/messages/${request.id}`);
    expect(messages.body.map((m: { isRead: boolean }) => m.isRead)).toEqual([true]);

    // Reading again changes nothing and sends nothing; a single message read is told the same way.
    expect((await bob.client.post(`/api/messages/${request.id}/read`)).body).toEqual({ updated: 0 });
    const second = await alice.client.post("/api/messages", { swapRequestId: request.id, content: "Hello?" });
    expect((await aliceOnB.nth(3)).type).toBe("NEW_MESSAGE");
    expect((await bob.client.patch(`/api/messages/${second.body.id}/read`)).status).toBe(200);
    expect(await aliceOnB.nth(4)).toEqual(expected);

    await sendEvent(a.database.db, [carol.user.id], { type: "SWAP_UPDATED", payload: { swapRequestId: 434343 } });
    expect((await carolOnA.nth(1)).payload.swapRequestId).toBe(434343);
    expect(carolOnA.received).toHaveLength(1);
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

describe("the end of a session", () => {
  // Well inside the 30 s heartbeat that would otherwise notice the ended session.
  const PROMPTLY_MS = 3000;
  const closedWithin = (socket: TestSocket, ms: number) =>
    Promise.race([socket.closed, delay(ms).then(() => "still open")]);

  it("closes the session's sockets on every instance with 4401 right after logout, and only those", async () => {
    const erin = await signedInClient(a.baseUrl, { firstName: "Erin" });
    const phone = new Client(a.baseUrl);
    expect((await phone.post("/api/auth/login", { email: erin.user.email, password: PASSWORD })).status).toBe(200);
    const onA = await ready(a, erin);
    const onB = await ready(b, erin);
    const phoneOnB = await openReadySocket(b.baseUrl, phone, a.database.db, erin.user.id);
    sockets.push(phoneOnB);

    expect((await erin.client.post("/api/auth/logout")).status).toBe(200);
    expect(await closedWithin(onA, PROMPTLY_MS)).toBe(4401);
    expect(await closedWithin(onB, PROMPTLY_MS)).toBe(4401);
    // The phone's session goes on, and so do its events.
    await sendEvent(a.database.db, [erin.user.id], { type: "SWAP_UPDATED", payload: { swapRequestId: 515151 } });
    expect((await phoneOnB.nth(1)).payload.swapRequestId).toBe(515151);
    expect(phoneOnB.closeCode).toBeUndefined();
  });

  it("closes every socket of the user with 4401 right after a password reset", async () => {
    const fay = await signedInClient(a.baseUrl, { firstName: "Fay" });
    const onB = await ready(b, fay);
    const before = a.mails.length;
    await new Client(a.baseUrl).post("/api/auth/forgot-password", { email: fay.user.email });
    // The mail goes out after the answer.
    await until(() => a.mails.length > before);
    const link = /(\S*\/reset-password\?token=\S+)/.exec(a.mails.at(-1)?.text ?? "")?.[1] as string;
    const token = decodeURIComponent(new URL(link).searchParams.get("token") as string);
    const reset = await new Client(a.baseUrl).post("/api/auth/reset-password", { token, password: "N3w-secret!" });
    expect(reset.status).toBe(200);
    expect(await closedWithin(onB, PROMPTLY_MS)).toBe(4401);
  });

  it.each([
    [
      "a password change",
      (c: Client) => c.post("/api/auth/change-password", { currentPassword: PASSWORD, newPassword: "N3w-secret!" }),
    ],
    [
      "an email change",
      (c: Client) => c.request("PATCH", "/api/profile", { email: uniqueEmail("moved"), currentPassword: PASSWORD }),
    ],
    ["'Sign out other devices'", (c: Client) => c.post("/api/auth/sessions/sign-out-others")],
  ])(
    "closes the other devices' sockets on every instance with 4401 right after %s, and keeps this device's",
    async (_, act) => {
      const hal = await signedInClient(a.baseUrl, { firstName: "Hal" });
      const phone = new Client(a.baseUrl);
      expect((await phone.post("/api/auth/login", { email: hal.user.email, password: PASSWORD })).status).toBe(200);
      const here = await ready(a, hal);
      const phoneOnA = await openReadySocket(a.baseUrl, phone, a.database.db, hal.user.id);
      const phoneOnB = await openReadySocket(b.baseUrl, phone, a.database.db, hal.user.id);
      sockets.push(phoneOnA, phoneOnB);

      const res = await act(hal.client);
      expect(res.status, res.text).toBe(200);
      expect(await closedWithin(phoneOnA, PROMPTLY_MS)).toBe(4401);
      expect(await closedWithin(phoneOnB, PROMPTLY_MS)).toBe(4401);
      // The device that made the change stays signed in, and its socket keeps its events.
      await sendEvent(a.database.db, [hal.user.id], { type: "SWAP_UPDATED", payload: { swapRequestId: 616161 } });
      expect((await here.nth(1)).payload.swapRequestId).toBe(616161);
      expect(here.closeCode).toBeUndefined();
    },
  );

  it("tells the other party of each request that goes with a deleted account, on every instance", async () => {
    const gil = await signedInClient(a.baseUrl, { firstName: "Gil" });
    const made = await insertSwapRequest(a.database.db, { requesterId: gil.user.id, responderId: bob.user.id });
    const answered = await insertSwapRequest(a.database.db, { requesterId: alice.user.id, responderId: gil.user.id });
    const bobOnB = await ready(b, bob);
    const aliceOnA = await ready(a, alice);
    expect((await gil.client.request("DELETE", "/api/profile", { password: PASSWORD })).status).toBe(200);
    expect(await bobOnB.nth(1)).toEqual({ type: "SWAP_UPDATED", payload: { swapRequestId: made.request.id } });
    expect(await aliceOnA.nth(1)).toEqual({ type: "SWAP_UPDATED", payload: { swapRequestId: answered.request.id } });
    expect((await bob.client.get("/api/swap-requests")).body).not.toContainEqual(
      expect.objectContaining({ id: made.request.id }),
    );
  });

  it("closes every socket of the user with 4401 right after the account is deleted", async () => {
    const gus = await signedInClient(a.baseUrl, { firstName: "Gus" });
    const onA = await ready(a, gus);
    const onB = await ready(b, gus);
    expect((await gus.client.request("DELETE", "/api/profile", { password: PASSWORD })).status).toBe(200);
    expect(await closedWithin(onA, PROMPTLY_MS)).toBe(4401);
    expect(await closedWithin(onB, PROMPTLY_MS)).toBe(4401);
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
    await sendEvent(a.database.db, [bob.user.id], { type: "NEW_MESSAGE", payload: { swapRequestId: 7 } });
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
