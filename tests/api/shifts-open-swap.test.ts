import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import { startTestApp, type TestApp } from "./helpers/app";
import { type Client, signedInClient } from "./helpers/client";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const IN_OPEN_SWAP = "This shift is part of an open swap request. Cancel or finish the request before changing it.";
const IN_COMPLETED_SWAP =
  "This shift came from a completed swap, whose record depends on it. You can change it, but not delete it.";

/** Each responder's signed-in client, by user id. */
const responders = new Map<number, Client>();

/** A requester with a future day shift asked of a responder who has an Available Off Day then. */
async function openSwap() {
  // The 10th of a month five or more weeks away: in the future, with the 11th in the same month.
  const date = `${addDays(todayInLondon(), 40).slice(0, 8)}10`;
  const a = await signedInClient(t.baseUrl);
  const b = await signedInClient(t.baseUrl);
  responders.set(b.user.id, b.client);
  const shift = await a.client.post("/api/shifts", { date, shiftType: "day", startTime: "07:00", endTime: "19:00" });
  expect(shift.status).toBe(201);
  const offDay = await b.client.post("/api/shifts", { date, shiftType: "rest_day", restDayShiftInterest: true });
  expect(offDay.status).toBe(201);
  const matches = await a.client.get(`/api/find-matches/${shift.body.id}`);
  const match = matches.body.find((m: { user: { id: number } }) => m.user.id === b.user.id);
  const request = await a.client.post("/api/swap-requests", {
    requesterShiftId: shift.body.id,
    responderId: b.user.id,
    responderAvailabilityId: match.availability.id,
  });
  expect(request.status).toBe(201);
  return { a: a.client, shiftId: shift.body.id as number, requestId: request.body.id as number, date };
}

async function shiftOf(client: Client, id: number) {
  return (await client.get("/api/shifts")).body.find((s: { id: number }) => s.id === id);
}

describe("a shift in an open swap request", () => {
  it("cannot be moved, retimed or deleted, and keeps its request", async () => {
    const { a, shiftId, requestId } = await openSwap();
    const retime = await a.patch(`/api/shifts/${shiftId}`, { startTime: "08:00", endTime: "20:00" });
    expect(retime.status).toBe(409);
    expect(retime.body.message).toBe(IN_OPEN_SWAP);
    const retype = await a.patch(`/api/shifts/${shiftId}`, { shiftType: "night" });
    expect(retype.status).toBe(409);
    const del = await a.delete(`/api/shifts/${shiftId}`);
    expect(del.status).toBe(409);
    expect((await shiftOf(a, shiftId)).startTime).toBe("07:00");
    expect((await a.get(`/api/swap-requests/${requestId}`)).status).toBe(200);
  });

  it("can still take notes", async () => {
    const { a, shiftId } = await openSwap();
    const res = await a.patch(`/api/shifts/${shiftId}`, { notes: "Bring the spare radio" });
    expect(res.status).toBe(200);
    expect(res.body.notes).toBe("Bring the spare radio");
  });

  it("survives clearing its month, while the month's other shifts go", async () => {
    const { a, shiftId, date } = await openSwap();
    const other = await a.post("/api/shifts", { date: addDays(date, 1), shiftType: "night" });
    const [year, month] = date.split("-").map(Number);
    const cleared = await a.delete(`/api/shifts/clear/month/${year}/${month}`);
    expect(cleared.status).toBe(200);
    const left = (await a.get("/api/shifts")).body.map((s: { id: number }) => s.id);
    expect(left).toContain(shiftId);
    expect(left).not.toContain(other.body.id);
    expect(cleared.body.deletedCount).toBe(1);
  });

  it("can be changed again once the request is cancelled", async () => {
    const { a, shiftId, requestId } = await openSwap();
    expect((await a.patch(`/api/swap-requests/${requestId}`, { status: "cancelled" })).status).toBe(200);
    expect((await a.patch(`/api/shifts/${shiftId}`, { startTime: "08:00", endTime: "20:00" })).status).toBe(200);
    expect((await a.delete(`/api/shifts/${shiftId}`)).status).toBe(200);
  });
});

describe("the shift of a completed swap", () => {
  it("cannot be deleted or cleared by its new owner, so both parties keep the swap and its chat", async () => {
    const { a, shiftId, requestId, date } = await openSwap();
    const b = (await a.get(`/api/swap-requests/${requestId}`)).body.responderId as number;
    expect((await a.post(`/api/swap-requests/${requestId}/agree`)).status).toBe(200);
    const responder = responders.get(b) as Client;
    const done = await responder.post(`/api/swap-requests/${requestId}/agree`);
    expect(done.body.status, done.text).toBe("completed");
    expect((await shiftOf(responder, shiftId)).userId).toBe(b);

    const del = await responder.delete(`/api/shifts/${shiftId}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(IN_COMPLETED_SWAP);
    const [year, month] = date.split("-").map(Number);
    expect((await responder.delete(`/api/shifts/clear/month/${year}/${month}`)).status).toBe(200);
    expect(await shiftOf(responder, shiftId)).toBeDefined();
    const kept = await a.get(`/api/swap-requests/${requestId}`);
    expect(kept.status).toBe(200);
    expect(kept.body.status).toBe("completed");

    // It stays theirs to change.
    const changed = await responder.patch(`/api/shifts/${shiftId}`, { shiftType: "rest_day" });
    expect(changed.status, changed.text).toBe(200);
  });
});
