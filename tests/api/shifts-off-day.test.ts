import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInLondon } from "../../common/dates";
import { startTestApp, type TestApp } from "./helpers/app";
import { signedInClient } from "./helpers/client";
import { openReadySocket, type TestSocket } from "./helpers/socket";

let t: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

let nextDay = 30;

/** Ava asks Ben to work her day shift on his Available Off Day; Ava has already agreed. */
async function acceptedRequest() {
  const date = addDays(todayInLondon(), nextDay++);
  const ava = await signedInClient(t.baseUrl, { firstName: "Ava", lastName: "Stone" });
  const ben = await signedInClient(t.baseUrl, { firstName: "Ben", lastName: "Hale" });
  const shift = await ava.client.post("/api/shifts", { date, shiftType: "day", startTime: "07:00", endTime: "19:00" });
  const offDay = await ben.client.post("/api/shifts", { date, shiftType: "rest_day", restDayShiftInterest: true });
  expect(offDay.status).toBe(201);
  const request = await ava.client.post("/api/swap-requests", {
    requesterShiftId: shift.body.id,
    responderId: ben.user.id,
  });
  expect(request.status, request.text).toBe(201);
  expect((await ava.client.post(`/api/swap-requests/${request.body.id}/agree`)).body.status).toBe("accepted");
  return { ava, ben, date, offDayId: offDay.body.id as number, requestId: request.body.id as number };
}

const ASKS = "This day belongs to a swap request with Ava Stone. Changing it clears both agreements and tells them.";

describe("the responder's Available Off Day under an open request", () => {
  it("is not deleted, retyped or crowded out without confirmation, and the request stays as it was", async () => {
    const { ava, ben, date, offDayId, requestId } = await acceptedRequest();
    const del = await ben.client.delete(`/api/shifts/${offDayId}`);
    expect(del.status).toBe(409);
    expect(del.body).toEqual({ message: ASKS, field: "confirmSwapChange" });
    const retype = await ben.client.patch(`/api/shifts/${offDayId}`, { shiftType: "annual_leave" });
    expect(retype.body).toEqual({ message: ASKS, field: "confirmSwapChange" });
    const noInterest = await ben.client.patch(`/api/shifts/${offDayId}`, { restDayShiftInterest: false });
    expect(noInterest.status).toBe(409);
    const crowded = await ben.client.post("/api/shifts", {
      date,
      shiftType: "night",
      startTime: "19:00",
      endTime: "07:00",
    });
    expect(crowded.status).toBe(409);
    expect(crowded.body.field).toBe("confirmSwapChange");

    const shifts = (await ben.client.get("/api/shifts")).body as { id: number; date: string }[];
    expect(shifts.filter((s) => s.date === date).map((s) => s.id)).toEqual([offDayId]);
    const request = await ava.client.get(`/api/swap-requests/${requestId}`);
    expect(request.body).toMatchObject({ status: "accepted", requesterAgreed: true });
    // A note changes nothing the swap needs.
    expect((await ben.client.patch(`/api/shifts/${offDayId}`, { notes: "Happy to help" })).status).toBe(200);
  });

  it("on confirmation goes, both agreements clear, and the requester gets a note and an event", async () => {
    const { ava, ben, date, offDayId, requestId } = await acceptedRequest();
    const avaSocket = await openReadySocket(t.baseUrl, ava.client, t.database.db, ava.user.id);
    sockets.push(avaSocket);

    const del = await ben.client.delete(`/api/shifts/${offDayId}?confirmSwapChange=true`);
    expect(del.status, del.text).toBe(200);
    expect((await ben.client.get("/api/shifts")).body.some((s: { date: string }) => s.date === date)).toBe(false);
    const request = await ava.client.get(`/api/swap-requests/${requestId}`);
    expect(request.body).toMatchObject({ status: "pending", requesterAgreed: false, responderAgreed: false });
    expect(await avaSocket.nth(1)).toEqual({ type: "SWAP_UPDATED", payload: { swapRequestId: requestId } });
    const chat = (await ava.client.get(`/api/messages/${requestId}`)).body as { senderId: number; content: string }[];
    expect(chat.at(-1)).toMatchObject({ senderId: ben.user.id });
    expect(chat.at(-1)?.content).toMatch(
      /^The responder's Available Off Day on .+ was changed, so both agreements were cleared/,
    );
    expect(await ava.client.get("/api/messages/unread-count").then((r) => r.body)).toBeGreaterThan(0);
    // Agreeing now fails on the missing day rather than completing a swap nobody can work.
    expect((await ava.client.post(`/api/swap-requests/${requestId}/agree`)).status).toBe(409);
  });

  it("on confirmation of a retype, the same; the requester's own shift is still refused outright", async () => {
    const { ava, ben, offDayId, requestId } = await acceptedRequest();
    const res = await ben.client.patch(`/api/shifts/${offDayId}?confirmSwapChange=true`, { shiftType: "annual_leave" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.shiftType).toBe("annual_leave");
    expect((await ben.client.get(`/api/swap-requests/${requestId}`)).body.requesterAgreed).toBe(false);

    const mine = (await ava.client.get(`/api/swap-requests/${requestId}`)).body.requesterShiftId as number;
    const refused = await ava.client.delete(`/api/shifts/${mine}?confirmSwapChange=true`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^This shift is part of an open swap request/);
  });

  it("withdrawn from My Availability, asks the same way and clears the agreements once confirmed", async () => {
    const { ava, ben, date, requestId } = await acceptedRequest();
    const asked = await ben.client.post("/api/availability", { date, status: "rest" });
    expect(asked.status).toBe(409);
    expect(asked.body).toEqual({ message: ASKS, field: "confirmSwapChange" });
    expect((await ava.client.get(`/api/swap-requests/${requestId}`)).body.requesterAgreed).toBe(true);

    const done = await ben.client.post("/api/availability?confirmSwapChange=true", { date, status: "rest" });
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).toBe("rest");
    const request = (await ava.client.get(`/api/swap-requests/${requestId}`)).body;
    expect(request).toMatchObject({ status: "pending", requesterAgreed: false });
    // Offering the day again asks nothing: it takes nothing away.
    expect((await ben.client.post("/api/availability", { date, status: "available" })).status).toBe(200);
  });

  it("survives clearing its month, while the month's other entries go", async () => {
    const { ben, date, offDayId, requestId, ava } = await acceptedRequest();
    const [year, month] = date.split("-").map(Number);
    const otherDay = `${date.slice(0, 8)}${date.endsWith("28") ? "27" : "28"}`;
    const other = await ben.client.post("/api/shifts", { date: otherDay, shiftType: "annual_leave" });
    expect(other.status).toBe(201);
    const cleared = await ben.client.delete(`/api/shifts/clear/month/${year}/${month}`);
    expect(cleared.status).toBe(200);
    const left = (await ben.client.get("/api/shifts")).body.map((s: { id: number }) => s.id);
    expect(left).toContain(offDayId);
    expect(left).not.toContain(other.body.id);
    expect((await ava.client.get(`/api/swap-requests/${requestId}`)).body.status).toBe("accepted");
  });
});
