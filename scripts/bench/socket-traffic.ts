import WebSocket from "ws";
import type { Work } from "./drive";

export type SocketBenchResult = {
  bench: "socket-delivery";
  instances: 2;
  sockets: number;
  messages: number;
  ratePerSecond: number;
  deliveryMs: { p50: number; p95: number; p99: number; max: number };
  postMs: { p50: number; p99: number };
  messagesPerSecond: number;
  budgetP99Ms: 50;
  withinBudget: boolean;
  /** Per message: both instances' CPU and their database's (scripts/bench/work.mjs). */
  work?: Work;
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)] * 100) / 100;
}
export type BenchUser = { id: number; cookie: string };

export type Held = {
  ws: WebSocket;
  userId: number;
  probes: number;
  onEvent?: (swapRequestId: number, at: number) => void;
};

export function openSocket(baseUrl: string, user: BenchUser): Promise<Held> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/ws`, { headers: { cookie: user.cookie } });
    const held: Held = { ws, userId: user.id, probes: 0 };
    ws.on("message", (data) => {
      const at = performance.now();
      const event = JSON.parse(String(data)) as { type: string; payload: { swapRequestId: number } };
      if (event.payload.swapRequestId === -1) held.probes += 1;
      else if (event.type === "NEW_MESSAGE") held.onEvent?.(event.payload.swapRequestId, at);
    });
    ws.once("open", () => resolve(held));
    ws.once("error", reject);
    ws.once("close", (code) => {
      if (code !== 1000 && code !== 1005 && code !== 1001) reject(new Error(`socket closed with ${code}`));
    });
  });
}

type Traffic = {
  baseUrl: string;
  senders: BenchUser[];
  receiverSockets: Held[];
  requestIdOf: (senderId: number) => number;
  pairs: number;
  rate: number;
};

/**
 * Messages posted by the senders at a steady rate, each timed from its POST to its arrival on the
 * receiver's socket. `run` sends `count` of them; the recorded times go into `delivery` and `post`.
 */
export function messageTraffic(t: Traffic) {
  const { baseUrl, pairs, rate } = t;
  const delivery: number[] = [];
  const post: number[] = [];
  const sendOne = async (pair: number, record: boolean) => {
    const sender = t.senders[pair];
    const receiver = t.receiverSockets[pair];
    const swapRequestId = t.requestIdOf(sender.id);
    const received = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no delivery for request ${swapRequestId}`)), 10_000);
      receiver.onEvent = (id, at) => {
        if (id !== swapRequestId) return;
        clearTimeout(timer);
        receiver.onEvent = undefined;
        resolve(at);
      };
    });
    const start = performance.now();
    const res = await fetch(`${baseUrl}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl, cookie: sender.cookie },
      body: JSON.stringify({ swapRequestId, content: `Bench message ${pair} ${start.toFixed(1)}`, isRead: false }),
    });
    const answered = performance.now();
    if (res.status !== 201) throw new Error(`POST /api/messages answered ${res.status}: ${await res.text()}`);
    const at = await received;
    if (record) {
      delivery.push(at - start);
      post.push(answered - start);
    }
  };

  // One message in flight per conversation, so each receipt matches its POST; with hundreds of
  // conversations a free one is always at hand, and only a saturated system makes the sender wait.
  const run = async (count: number, record: boolean) => {
    const begin = performance.now();
    const inFlight = new Map<number, Promise<void>>();
    let cursor = 0;
    for (let i = 0; i < count; i += 1) {
      const due = begin + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      while (inFlight.size >= pairs) await Promise.race(inFlight.values());
      while (inFlight.has(cursor % pairs)) cursor += 1;
      const pair = cursor % pairs;
      cursor += 1;
      inFlight.set(
        pair,
        sendOne(pair, record).finally(() => inFlight.delete(pair)),
      );
    }
    await Promise.all(inFlight.values());
  };
  return { run, delivery, post };
}

/** Opens the senders' sockets on A and the receivers' on B, fifty pairs at a time; gives the receivers'. */
export async function openSockets(
  seeded: { senders: BenchUser[]; receivers: BenchUser[] },
  urlA: string,
  urlB: string,
  held: Held[],
): Promise<Held[]> {
  const pairs = seeded.senders.length;
  const receiverSockets: Held[] = [];
  for (let i = 0; i < pairs; i += 50) {
    const senders = Promise.all(seeded.senders.slice(i, i + 50).map((u) => openSocket(urlA, u)));
    const receivers = Promise.all(seeded.receivers.slice(i, i + 50).map((u) => openSocket(urlB, u)));
    held.push(...(await senders));
    const opened = await receivers;
    held.push(...opened);
    receiverSockets.push(...opened);
  }
  return receiverSockets;
}

/** The delivery and POST times sorted into percentiles against the 50 ms budget. */
export function summarise(
  delivery: number[],
  post: number[],
  sockets: number,
  rate: number,
  seconds: number,
): SocketBenchResult {
  delivery.sort((x, y) => x - y);
  post.sort((x, y) => x - y);
  const p99 = percentile(delivery, 99);
  return {
    bench: "socket-delivery",
    instances: 2,
    sockets,
    messages: delivery.length,
    ratePerSecond: rate,
    deliveryMs: {
      p50: percentile(delivery, 50),
      p95: percentile(delivery, 95),
      p99,
      max: percentile(delivery, 100),
    },
    postMs: { p50: percentile(post, 50), p99: percentile(post, 99) },
    messagesPerSecond: Math.round(delivery.length / seconds),
    budgetP99Ms: 50,
    withinBudget: p99 < 50,
  };
}
