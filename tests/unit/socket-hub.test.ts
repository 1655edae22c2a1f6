import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WebSocket } from "ws";
import { SocketHub } from "../../server/realtime/hub";

/** Just enough of a ws socket: it records what the hub does to it. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  pings = 0;
  terminated = false;
  closedWith: number | undefined;
  answersPings = true;

  send(data: string) {
    this.sent.push(data);
  }
  ping() {
    this.pings += 1;
    if (this.answersPings) queueMicrotask(() => this.emit("pong"));
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit("close", 1006);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit("close", code);
  }
}

const asWs = (s: FakeSocket) => s as unknown as WebSocket;
const event = { type: "NEW_MESSAGE" as const, payload: { swapRequestId: 5 } };

let valid: Set<string>;
let hub: SocketHub;

beforeEach(() => {
  vi.useFakeTimers();
  valid = new Set(["s1", "s2", "s3"]);
  hub = new SocketHub({
    maxSocketsPerUser: 2,
    heartbeatMs: 1000,
    validSessions: async (sids) => new Set(sids.filter((s) => valid.has(s))),
    onError: () => undefined,
  });
});
afterEach(() => {
  hub.stop();
  vi.useRealTimers();
});

describe("SocketHub", () => {
  it("delivers an event only to the sockets of the listed users", () => {
    const alice = new FakeSocket();
    const aliceTab = new FakeSocket();
    const carol = new FakeSocket();
    hub.add(asWs(alice), 1, "s1");
    hub.add(asWs(aliceTab), 1, "s1");
    hub.add(asWs(carol), 3, "s3");
    expect(hub.deliver([1, 2], event)).toBe(2);
    expect(alice.sent).toEqual([JSON.stringify(event)]);
    expect(aliceTab.sent).toEqual([JSON.stringify(event)]);
    expect(carol.sent).toEqual([]);
  });

  it("forgets closed sockets and refuses more than the per-user limit", () => {
    const a = new FakeSocket();
    const b = new FakeSocket();
    expect(hub.add(asWs(a), 1, "s1")).toBe(true);
    expect(hub.add(asWs(b), 1, "s1")).toBe(true);
    expect(hub.add(asWs(new FakeSocket()), 1, "s1")).toBe(false);
    a.close(1000);
    expect(hub.size).toBe(1);
    expect(hub.add(asWs(new FakeSocket()), 1, "s1")).toBe(true);
    expect(hub.deliver([1], event)).toBe(2);
  });

  it("terminates a socket that misses a pong and keeps one that answers", async () => {
    const live = new FakeSocket();
    const dead = new FakeSocket();
    dead.answersPings = false;
    hub.add(asWs(live), 1, "s1");
    hub.add(asWs(dead), 2, "s2");
    hub.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(dead.pings).toBe(1);
    expect(dead.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(dead.terminated).toBe(true);
    expect(live.terminated).toBe(false);
    expect(live.pings).toBe(2);
    expect(hub.size).toBe(1);
  });

  it("closes with 4401 the sockets whose session has ended", async () => {
    const stays = new FakeSocket();
    const loggedOut = new FakeSocket();
    hub.add(asWs(stays), 1, "s1");
    hub.add(asWs(loggedOut), 2, "s2");
    hub.start();
    valid.delete("s2");
    await vi.advanceTimersByTimeAsync(1000);
    expect(loggedOut.closedWith).toBe(4401);
    expect(stays.closedWith).toBeUndefined();
    expect(hub.deliver([1, 2], event)).toBe(1);
  });
});
