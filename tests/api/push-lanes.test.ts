import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { insertSwapRequest } from "./helpers/chat";
import { pushEnv } from "./helpers/instances";
import { PushReceiver } from "./helpers/push-receiver";
import { addShift, dayFromToday, offDay, type Party, party } from "./helpers/swaps";

// Cover alerts leave at five a second here, so a request alerting twelve takes over two seconds.
const COVER_PER_SECOND = 5;
const COLLEAGUES = 12;

let t: TestApp;
let receiver: PushReceiver;
const device = new Map<number, string>();

beforeAll(async () => {
  receiver = await new PushReceiver().start();
  t = await startTestApp({
    env: pushEnv({ COVER_ALERTS_PER_DAY: "50" }),
    notificationWorker: { pollMs: 50, timeoutMs: 1500, coverPerSecond: COVER_PER_SECOND },
  });
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

async function withDevice(firstName: string): Promise<Party> {
  const p = await party(t.baseUrl, { firstName, lastName: "Lane" });
  const sub = receiver.subscription(`lane${p.id}`);
  expect((await p.client.post("/api/push/subscriptions", sub.json)).status).toBe(201);
  device.set(p.id, sub.endpoint);
  return p;
}

const pushesOf = (p: Party) => receiver.pushesFor(device.get(p.id) as string);

describe("cover alerts are paced in a lane of their own", () => {
  it("spreads a request's alerts out, and a message sent meanwhile is not queued behind them", async () => {
    const day = dayFromToday(20);
    const amy = await withDevice("Amy");
    const ben = await withDevice("Ben");
    const colleagues: Party[] = [];
    for (let k = 0; k < COLLEAGUES; k++) {
      const p = await withDevice(`Colleague${k}`);
      await offDay(t.database.db, p.id, day);
      colleagues.push(p);
    }
    // A request of Amy's addressed to Ben, where Ben will write while her open request fans out.
    const { request: chat } = await insertSwapRequest(t.database.db, {
      requesterId: amy.id,
      responderId: ben.id,
      daysAhead: 12,
    });

    const shiftId = await addShift(t.database.db, amy.id, day, { shiftType: "day" });
    const sentAt = Date.now();
    const open = await amy.client.post("/api/swap-requests", { requesterShiftId: shiftId, responderId: null });
    expect(open.status, open.text).toBe(201);
    const said = await ben.client.post("/api/messages", { swapRequestId: chat.id, content: "Still on for it?" });
    expect(said.status, said.text).toBe(201);

    const coverOf = (p: Party) => pushesOf(p).filter((r) => r.payload.title === "Cover needed");
    const messageTo = (p: Party) => pushesOf(p).find((r) => r.payload.url === `/messages/${chat.id}`);
    await receiver.waitFor(() => colleagues.every((p) => coverOf(p).length > 0) && !!messageTo(amy), 15_000);
    const message = messageTo(amy);

    const arrivals = colleagues.map((p) => coverOf(p)[0].at).sort((a, b) => a - b);
    // Each colleague once, every alert about this request.
    for (const p of colleagues) {
      expect(coverOf(p)).toHaveLength(1);
      expect(coverOf(p)[0].payload.url).toBe(`/dashboard?cover=${open.body.id}`);
    }
    // One batch a fifth of a second: the twelfth is claimed at least 11 intervals after the first,
    // which comes after the request committed.
    expect(arrivals[COLLEAGUES - 1] - sentAt).toBeGreaterThanOrEqual(((COLLEAGUES - 1) * 1000) / COVER_PER_SECOND);
    // The message was recorded after all twelve alerts, and reached Amy before the last of them.
    expect(message?.at).toBeLessThan(arrivals[COLLEAGUES - 1]);
  });
});
