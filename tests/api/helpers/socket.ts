import WebSocket from "ws";
import type { RealtimeEvent } from "../../../common/realtime";
import type { Db } from "../../../server/db/open";
import { notifyUsers } from "../../../server/events/publish";
import type { Client } from "./client";

/** Sends an event on its own, as a change's transaction would: delivered when it commits. */
export function sendEvent(db: Db, userIds: number[], event: RealtimeEvent) {
  return db.transaction((tx) => notifyUsers(tx, userIds, event));
}

/** Probe events carry this id; a test never sees them in `received`. */
const PROBE_ID = -1;

export type RealtimeMessage = { type: string; payload: { swapRequestId: number } };

/** A /ws client that records what arrives and lets a test wait for the next event or the close. */
export class TestSocket {
  readonly received: RealtimeMessage[] = [];
  probes = 0;
  closeCode: number | undefined;
  private waiters: Array<() => void> = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<number>;

  constructor(readonly ws: WebSocket) {
    this.opened = new Promise((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    this.closed = new Promise((resolve) => {
      ws.once("close", (code) => {
        this.closeCode = code;
        resolve(code);
        this.wake();
      });
    });
    ws.on("message", (data) => {
      const event = JSON.parse(String(data)) as RealtimeMessage;
      if (event.payload?.swapRequestId === PROBE_ID) this.probes += 1;
      else this.received.push(event);
      this.wake();
    });
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves with the n-th event (1-based) once it has arrived; rejects if the socket closes first. */
  async nth(n: number, timeoutMs = 10_000): Promise<RealtimeMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < n) {
      if (this.closeCode !== undefined) throw new Error(`socket closed with ${this.closeCode} before event ${n}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event ${n} within ${timeoutMs} ms (got ${this.received.length})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received[n - 1];
  }

  /** Waits until the condition holds, something arrives that makes it hold, or the time is up. */
  async waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0 || this.closeCode !== undefined) return condition();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return true;
  }

  close() {
    this.ws.close();
  }
}

export function cookieHeader(client: Client): string {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** Opens /ws on the given server, as the given client's session when there is one. */
export function openSocket(baseUrl: string, opts: { client?: Client; cookie?: string; origin?: string } = {}) {
  const headers: Record<string, string> = {};
  const cookie = opts.cookie ?? (opts.client ? cookieHeader(opts.client) : undefined);
  if (cookie) headers.cookie = cookie;
  if (opts.origin) headers.origin = opts.origin;
  return new TestSocket(new WebSocket(`${baseUrl.replace(/^http/, "ws")}/ws`, { headers }));
}

/**
 * Opens a signed-in socket and waits until the server has registered it for the user: the
 * handshake completes before the session is checked, so probe events are sent until one arrives.
 */
export async function openReadySocket(baseUrl: string, client: Client, db: Db, userId: number) {
  const socket = openSocket(baseUrl, { client });
  await socket.opened;
  const deadline = Date.now() + 10_000;
  while (socket.probes === 0) {
    if (socket.closeCode !== undefined) throw new Error(`socket closed with ${socket.closeCode}`);
    if (Date.now() > deadline) throw new Error("socket never became ready");
    await sendEvent(db, [userId], { type: "SWAP_UPDATED", payload: { swapRequestId: PROBE_ID } });
    await socket.waitFor(() => socket.probes > 0, 100);
  }
  return socket;
}
