import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CANCELLED_CHAT_NOTICE } from "../../common/message-rules";
import { messages, swapRequests } from "../../server/db/schema";
import { startTestApp, type TestApp } from "./helpers/app";
import { insertSwapRequest } from "./helpers/chat";
import { Client, signedInClient } from "./helpers/client";

type Party = Awaited<ReturnType<typeof signedInClient>>;

let t: TestApp;
let alice: Party; // requester
let bob: Party; // responder
let carol: Party; // not a party

beforeAll(async () => {
  t = await startTestApp();
  alice = await signedInClient(t.baseUrl, { firstName: "Alice", lastName: "Archer", paramedicBase: "Dudley" });
  bob = await signedInClient(t.baseUrl, { firstName: "Bob", lastName: "Baker", paramedicBase: "Stoke" });
  carol = await signedInClient(t.baseUrl, { firstName: "Carol", lastName: "Cole", paramedicBase: "Warwick" });
});
afterAll(async () => t.close());

const newRequest = (opts: { responderId?: number | null; status?: "pending" | "cancelled"; daysAhead?: number } = {}) =>
  insertSwapRequest(t.database.db, {
    requesterId: alice.user.id,
    responderId: opts.responderId === undefined ? bob.user.id : opts.responderId,
    status: opts.status,
    daysAhead: opts.daysAhead,
  });

const send = (who: Party, swapRequestId: number, content: unknown) =>
  who.client.post("/api/messages", { swapRequestId, content, isRead: false });

describe("sending and reading a conversation", () => {
  it("lets both parties post and read the conversation, oldest first, with the SPEC message shape", async () => {
    const { request } = await newRequest();
    const first = await send(alice, request.id, "Hi Bob, can you cover my day shift?");
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      swapRequestId: request.id,
      senderId: alice.user.id,
      content: "Hi Bob, can you cover my day shift?",
      createdAt: expect.any(String),
      isRead: false,
    });
    expect(new Date(first.body.createdAt).toISOString()).toBe(first.body.createdAt);
    const second = await send(bob, request.id, "Yes, happy to.");
    expect(second.status).toBe(201);
    expect(second.body.senderId).toBe(bob.user.id);

    for (const who of [alice, bob]) {
      const list = await who.client.get(`/api/messages/${request.id}`);
      expect(list.status).toBe(200);
      expect(list.body.map((m: { content: string }) => m.content)).toEqual([
        "Hi Bob, can you cover my day shift?",
        "Yes, happy to.",
      ]);
    }
  });

  it("stores a new message as unread even if the client says otherwise", async () => {
    const { request } = await newRequest();
    const res = await alice.client.post("/api/messages", { swapRequestId: request.id, content: "hello", isRead: true });
    expect(res.status).toBe(201);
    expect(res.body.isRead).toBe(false);
    expect(await bob.client.get("/api/messages/unread-count").then((r) => r.body)).toBeGreaterThan(0);
  });

  it("lets the requester write before anyone has responded", async () => {
    const { request } = await newRequest({ responderId: null });
    const res = await send(alice, request.id, "Anyone free?");
    expect(res.status).toBe(201);
    expect((await bob.client.get(`/api/messages/${request.id}`)).status).toBe(404);
  });
});

describe("only the two parties", () => {
  it("answers 404 to a third user for the list, a post, the conversation, read marks and bulk read", async () => {
    const { request } = await newRequest();
    const msg = await send(alice, request.id, "private");
    expect((await carol.client.get(`/api/messages/${request.id}`)).status).toBe(404);
    expect((await send(carol, request.id, "let me in")).status).toBe(404);
    expect((await carol.client.get(`/api/conversations/${request.id}`)).status).toBe(404);
    expect((await carol.client.patch(`/api/messages/${msg.body.id}/read`)).status).toBe(404);
    expect((await carol.client.post(`/api/messages/${request.id}/read`)).status).toBe(404);
    const rows = await t.database.db.select().from(messages).where(eq(messages.swapRequestId, request.id));
    expect(rows.map((r) => r.content)).toEqual(["private"]);
    expect(rows[0].isRead).toBe(false);
    const list = await carol.client.get("/api/conversations");
    expect(list.body.map((c: { swapRequestId: number }) => c.swapRequestId)).not.toContain(request.id);
  });

  it("answers 404 for a request that does not exist and 401 without a session", async () => {
    expect((await alice.client.get("/api/messages/99999999")).status).toBe(404);
    expect((await send(alice, 99999999, "hello")).status).toBe(404);
    const anonymous = new Client(t.baseUrl);
    expect((await anonymous.get("/api/messages/unread-count")).status).toBe(401);
    expect((await anonymous.get("/api/conversations")).status).toBe(401);
    expect((await anonymous.post("/api/messages", { swapRequestId: 1, content: "x" })).status).toBe(401);
    // Invalid input from a stranger is still "sign in first", never a validation answer.
    expect((await anonymous.get("/api/messages/not-a-number")).status).toBe(401);
    expect((await anonymous.post("/api/messages", { content: "" })).status).toBe(401);
  });
});

describe("a cancelled request", () => {
  it("refuses new messages with 409 and the notice, but keeps the history readable", async () => {
    const { request } = await newRequest();
    expect((await send(bob, request.id, "before")).status).toBe(201);
    await t.database.db.update(swapRequests).set({ status: "cancelled" }).where(eq(swapRequests.id, request.id));
    for (const who of [alice, bob]) {
      const res = await send(who, request.id, "after");
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(CANCELLED_CHAT_NOTICE);
    }
    const list = await alice.client.get(`/api/messages/${request.id}`);
    expect(list.body.map((m: { content: string }) => m.content)).toEqual(["before"]);
  });
});

describe("validation", () => {
  it.each([
    ["empty", ""],
    ["whitespace only", "   \n\t  "],
    ["2,001 characters", "x".repeat(2001)],
    ["not text", 42],
    ["a NUL character", "before\u0000after"],
  ])("refuses %s content with 400 on field content", async (_label, content) => {
    const { request } = await newRequest();
    const res = await send(alice, request.id, content);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("content");
    expect((await alice.client.get(`/api/messages/${request.id}`)).body).toEqual([]);
  });

  it("trims the content and accepts exactly 2,000 characters", async () => {
    const { request } = await newRequest();
    const trimmed = await send(alice, request.id, "   See you at 07:00  \n");
    expect(trimmed.status).toBe(201);
    expect(trimmed.body.content).toBe("See you at 07:00");
    const longest = await send(alice, request.id, `  ${"y".repeat(2000)}  `);
    expect(longest.status).toBe(201);
    expect(longest.body.content).toHaveLength(2000);
  });

  it("answers 400, never 500, for ids that cannot be rows", async () => {
    for (const path of ["/api/messages/99999999999", "/api/messages/abc", "/api/conversations/0"]) {
      expect((await alice.client.get(path)).status).toBe(400);
    }
    expect((await alice.client.patch("/api/messages/99999999999/read")).status).toBe(400);
    expect((await alice.client.post("/api/messages/1e3/read")).status).toBe(400);
    const body = await alice.client.post("/api/messages", { swapRequestId: 99999999999, content: "hi" });
    expect(body.status).toBe(400);
    expect(body.body.field).toBe("swapRequestId");
  });

  it("needs a swapRequestId", async () => {
    const res = await alice.client.post("/api/messages", { content: "hello" });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("swapRequestId");
  });
});

describe("unread counts and read marks", () => {
  it("counts the other party's unread messages and lets only the recipient mark them read", async () => {
    const { request } = await newRequest();
    const before = (await bob.client.get("/api/messages/unread-count")).body as number;
    const aliceBefore = (await alice.client.get("/api/messages/unread-count")).body as number;
    const m1 = (await send(alice, request.id, "one")).body;
    const m2 = (await send(alice, request.id, "two")).body;

    const count = await bob.client.get("/api/messages/unread-count");
    expect(count.status).toBe(200);
    expect(typeof count.body).toBe("number");
    expect(count.body).toBe(before + 2);
    expect((await alice.client.get("/api/messages/unread-count")).body).toBe(aliceBefore);

    const bySender = await alice.client.patch(`/api/messages/${m1.id}/read`);
    expect(bySender.status).toBe(403);
    expect((await bob.client.get("/api/messages/unread-count")).body).toBe(before + 2);

    const byRecipient = await bob.client.patch(`/api/messages/${m1.id}/read`);
    expect(byRecipient.status).toBe(200);
    expect(byRecipient.body).toMatchObject({ id: m1.id, isRead: true });
    expect((await bob.client.get("/api/messages/unread-count")).body).toBe(before + 1);

    const list = (await alice.client.get(`/api/messages/${request.id}`)).body as { id: number; isRead: boolean }[];
    expect(list.find((m) => m.id === m1.id)?.isRead).toBe(true);
    expect(list.find((m) => m.id === m2.id)?.isRead).toBe(false);
  });

  it("marks the whole conversation read for the recipient only, never the reader's own messages", async () => {
    const { request } = await newRequest();
    const before = (await bob.client.get("/api/messages/unread-count")).body as number;
    await send(alice, request.id, "first");
    await send(alice, request.id, "second");
    const fromBob = (await send(bob, request.id, "reply")).body;

    const bulk = await bob.client.post(`/api/messages/${request.id}/read`);
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({ updated: 2 });
    expect((await bob.client.get("/api/messages/unread-count")).body).toBe(before);

    const list = (await alice.client.get(`/api/messages/${request.id}`)).body as {
      id: number;
      senderId: number;
      isRead: boolean;
    }[];
    expect(list.filter((m) => m.senderId === alice.user.id).every((m) => m.isRead)).toBe(true);
    expect(list.find((m) => m.id === fromBob.id)?.isRead).toBe(false);

    expect((await bob.client.post(`/api/messages/${request.id}/read`)).body).toEqual({ updated: 0 });
  });
});

describe("conversation list", () => {
  it("gives each party the row fields of the messages screen, newest activity first", async () => {
    const older = await newRequest({ daysAhead: 20 });
    const newer = await newRequest({ daysAhead: 21 });
    const open = await newRequest({ responderId: null, daysAhead: 22 });
    await send(bob, newer.request.id, "Newer chat");
    await send(alice, older.request.id, "Bumps the older one to the top");

    const mine = await alice.client.get("/api/conversations");
    expect(mine.status).toBe(200);
    const ids = mine.body.map((c: { swapRequestId: number }) => c.swapRequestId);
    expect(ids.indexOf(older.request.id)).toBeLessThan(ids.indexOf(newer.request.id));

    const row = mine.body.find((c: { swapRequestId: number }) => c.swapRequestId === newer.request.id);
    expect(row).toEqual({
      swapRequestId: newer.request.id,
      status: "pending",
      grsSubmitted: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      youRequested: true,
      requester: { id: alice.user.id, firstName: "Alice", lastName: "Archer", hub: "Dudley Hub" },
      otherParty: { id: bob.user.id, firstName: "Bob", lastName: "Baker", hub: "Stoke Hub" },
      awaitingResponder: false,
      shift: {
        id: newer.shift.id,
        date: newer.shift.date,
        shiftType: "day",
        startTime: "07:00",
        endTime: "19:00",
      },
      hub: "Dudley Hub",
      lastMessage: { content: "Newer chat", createdAt: expect.any(String), senderId: bob.user.id },
      unreadCount: 1,
      lastActivityAt: expect.any(String),
    });

    const openRow = mine.body.find((c: { swapRequestId: number }) => c.swapRequestId === open.request.id);
    expect(openRow).toMatchObject({ otherParty: null, awaitingResponder: true, lastMessage: null, unreadCount: 0 });

    const theirs = await bob.client.get("/api/conversations");
    const bobRow = theirs.body.find((c: { swapRequestId: number }) => c.swapRequestId === newer.request.id);
    expect(bobRow).toMatchObject({
      youRequested: false,
      otherParty: { id: alice.user.id, firstName: "Alice", lastName: "Archer" },
      unreadCount: 0,
    });
    expect(theirs.body.map((c: { swapRequestId: number }) => c.swapRequestId)).not.toContain(open.request.id);

    const single = await bob.client.get(`/api/conversations/${newer.request.id}`);
    expect(single.status).toBe(200);
    expect(single.body).toEqual(bobRow);
  });

  it("says whether a completed swap has been submitted on GRS, so the lists keep it active until then", async () => {
    const { request } = await newRequest({ daysAhead: 21 });
    await t.database.db.update(swapRequests).set({ status: "completed" }).where(eq(swapRequests.id, request.id));
    const row = async () => (await bob.client.get(`/api/conversations/${request.id}`)).body;
    expect(await row()).toMatchObject({ status: "completed", grsSubmitted: false });
    await t.database.db.update(swapRequests).set({ grsSubmitted: true }).where(eq(swapRequests.id, request.id));
    expect(await row()).toMatchObject({ status: "completed", grsSubmitted: true });
  });
});
