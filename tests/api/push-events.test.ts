import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "./helpers/app";
import { pushEnv, startTwoInstances, type TwoInstances } from "./helpers/instances";
import { PushReceiver } from "./helpers/push-receiver";
import { addShift, dayFromToday, offDay, type Party, party } from "./helpers/swaps";

const env = pushEnv();
const worker = { pollMs: 50, timeoutMs: 1500 };

let t: TestApp;
let receiver: PushReceiver;
let A: Party; // requester
let B: Party; // responder
let C: Party; // same grade, covers open requests
let D: Party;
const device = new Map<number, string>();
let nextDay = 20;

let apps: TwoInstances;
/** The same user, signed in, talking to the second instance. */
const via2 = (p: Party) => apps.via2(p);

beforeAll(async () => {
  receiver = await new PushReceiver().start();
  apps = await startTwoInstances({ env, notificationWorker: worker });
  t = apps.first;
  A = await party(t.baseUrl, { firstName: "Amy", lastName: "Ash" });
  B = await party(t.baseUrl, { firstName: "Ben", lastName: "Birch" });
  C = await party(t.baseUrl, { firstName: "Cal", lastName: "Cedar" });
  D = await party(t.baseUrl, { firstName: "Dee", lastName: "Dale" });
  for (const p of [A, B, C, D]) {
    const sub = receiver.subscription(`p${p.id}`);
    expect((await p.client.post("/api/push/subscriptions", sub.json)).status).toBe(201);
    device.set(p.id, sub.endpoint);
  }
});
afterAll(async () => {
  await apps?.close();
  await receiver?.stop();
});

const titlesOf = (p: Party, requestId: number) =>
  receiver
    .pushesFor(device.get(p.id) as string)
    .filter((r) => r.payload.tag === `swap-${requestId}`)
    .map((r) => r.payload.title);

/** The decrypted body of the request's push with this title. */
const bodyOf = (p: Party, requestId: number, title: string) =>
  receiver
    .pushesFor(device.get(p.id) as string)
    .find((r) => r.payload.tag === `swap-${requestId}` && r.payload.title === title)?.payload.body;

/** Waits until every push for the request has arrived, then a little longer so a duplicate would show. */
async function settle(requestId: number, expected: number) {
  const total = () => [A, B, C, D].reduce((n, p) => n + titlesOf(p, requestId).length, 0);
  await receiver.waitFor(() => total() >= expected, 10_000);
  await new Promise((r) => setTimeout(r, 600));
  expect(total()).toBe(expected);
}

async function request(to: Party | null) {
  const day = dayFromToday(nextDay++);
  const shiftId = await addShift(t.database.db, A.id, day, { shiftType: "day" });
  if (to) await offDay(t.database.db, to.id, day);
  const res = await A.client.post("/api/swap-requests", {
    requesterShiftId: shiftId,
    responderId: to?.id ?? null,
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.id as number, day };
}

describe("each swap event notifies the other party once, across two instances", () => {
  it("request, agree, withdraw, decline, restore, complete", async () => {
    const { id } = await request(B);
    await settle(id, 1);
    expect(titlesOf(B, id)).toEqual(["New swap request"]);
    const [push] = receiver.pushesFor(device.get(B.id) as string).filter((r) => r.payload.tag === `swap-${id}`);
    expect(push.payload.body).toMatch(/^Amy Ash asked you to swap their Day Shift on \w{3} \d{1,2} \w{3}$/);
    expect(push.payload.url).toBe(`/messages/${id}`);

    expect((await via2(B).post(`/api/swap-requests/${id}/agree`, {})).status).toBe(200);
    await settle(id, 2);
    expect((await B.client.post(`/api/swap-requests/${id}/unagree`)).status).toBe(200);
    await settle(id, 3);
    expect((await via2(B).post(`/api/swap-requests/${id}/reject`)).status).toBe(200);
    await settle(id, 4);
    expect((await B.client.post(`/api/swap-requests/${id}/undo-decline`)).status).toBe(200);
    await settle(id, 5);
    expect(titlesOf(A, id)).toEqual([
      "Swap agreed",
      "Agreement withdrawn",
      "Swap request declined",
      "Swap request restored",
    ]);

    expect((await via2(A).post(`/api/swap-requests/${id}/agree`, {})).status).toBe(200);
    await settle(id, 6);
    const done = await B.client.post(`/api/swap-requests/${id}/agree`, {});
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).toBe("completed");
    await settle(id, 7);
    expect(titlesOf(B, id)).toEqual(["New swap request", "Swap agreed"]);
    expect(titlesOf(A, id).at(-1)).toBe("Swap completed");
    const completed = receiver
      .pushesFor(device.get(A.id) as string)
      .find((r) => r.payload.tag === `swap-${id}` && r.payload.title === "Swap completed");
    expect(completed?.payload.body).toContain("Remember to submit it on GRS.");
    expect(titlesOf(C, id)).toEqual([]);
  });

  it("cancelled by the requester reaches the responder", async () => {
    const { id } = await request(B);
    await settle(id, 1);
    expect((await via2(A).patch(`/api/swap-requests/${id}`, { status: "cancelled" })).status).toBe(200);
    await settle(id, 2);
    expect(titlesOf(B, id)).toEqual(["New swap request", "Swap request cancelled"]);
    expect(bodyOf(B, id, "Swap request cancelled")).toMatch(
      /^Amy Ash cancelled the swap request for the Day Shift on \w{3} \d{1,2} \w{3}$/,
    );
    expect(titlesOf(A, id)).toEqual([]);
  });

  it("an open request tells nobody until a colleague offers to cover it, then the requester", async () => {
    const { id, day } = await request(null);
    await offDay(t.database.db, C.id, day);
    const res = await via2(C).post(`/api/swap-requests/${id}/offer-to-cover`);
    expect(res.status, res.text).toBe(200);
    await settle(id, 1);
    expect(titlesOf(A, id)).toEqual(["Offer to cover"]);
  });

  it("a message reaches the other party and not the sender", async () => {
    const { id } = await request(B);
    await settle(id, 1);
    expect((await via2(B).post("/api/messages", { swapRequestId: id, content: "Yes, happy to" })).status).toBe(201);
    await settle(id, 2);
    expect(titlesOf(A, id)).toEqual(["New message from Ben Birch"]);
  });

  it("the requests another swap made impossible each tell their other party once that they were cancelled", async () => {
    const day = dayFromToday(nextDay++);
    const shiftId = await addShift(t.database.db, A.id, day, { shiftType: "day" });
    for (const p of [B, C, D]) await offDay(t.database.db, p.id, day);
    const [toB, toC, toD] = await Promise.all(
      [B, C, D].map((p) => A.client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: p.id })),
    );
    expect([toB.status, toC.status, toD.status]).toEqual([201, 201, 201]);
    await settle(toC.body.id, 1);
    await settle(toD.body.id, 1);
    expect((await A.client.post(`/api/swap-requests/${toB.body.id}/agree`, {})).status).toBe(200);
    expect((await via2(B).post(`/api/swap-requests/${toB.body.id}/agree`, {})).status).toBe(200);
    await settle(toC.body.id, 2);
    await settle(toD.body.id, 2);
    expect(titlesOf(C, toC.body.id)).toEqual(["New swap request", "Swap request cancelled"]);
    expect(titlesOf(D, toD.body.id)).toEqual(["New swap request", "Swap request cancelled"]);
    for (const [p, r] of [
      [C, toC],
      [D, toD],
    ] as const) {
      expect(bodyOf(p, r.body.id, "Swap request cancelled")).toMatch(
        /^The swap request for the Day Shift on \w{3} \d{1,2} \w{3} was cancelled because the shift was swapped in another request$/,
      );
    }
    expect(titlesOf(A, toC.body.id)).toEqual([]);
    expect(titlesOf(A, toD.body.id)).toEqual([]);
  });
});
