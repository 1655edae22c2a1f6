/**
 * The tab's one WebSocket to /ws (DESIGN §5.14), shared by every screen. It reconnects with
 * exponential back-off; while it is down, screens poll instead (SPEC §9).
 */

import type { RealtimeEvent } from "@common/realtime";

export type { RealtimeEvent };

/** "down" lasts from a failed attempt or a lost connection until the next successful one. */
export type SocketStatus = "connecting" | "open" | "down";

/** The server closes with this when the session is missing or over; retrying will not help. */
const CLOSE_UNAUTHORIZED = 4401;
const MIN_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
const RELEASE_GRACE_MS = 1000;

type Listener<T> = (value: T) => void;

const eventListeners = new Set<Listener<RealtimeEvent>>();
const statusListeners = new Set<Listener<SocketStatus>>();

let holders = 0;
let socket: WebSocket | null = null;
let status: SocketStatus = "connecting";
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;

function setStatus(next: SocketStatus) {
  if (next === status) return;
  status = next;
  for (const listener of statusListeners) listener(next);
}

function socketUrl(): string {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/ws`;
}

let parser: Promise<(value: unknown) => RealtimeEvent | null> | undefined;

function connect() {
  if (socket || holders === 0) return;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  let ws: WebSocket;
  try {
    ws = new WebSocket(socketUrl());
  } catch {
    setStatus("down");
    scheduleReconnect();
    return;
  }
  socket = ws;
  ws.onopen = () => {
    attempt = 0;
    setStatus("open");
  };
  ws.onmessage = (message) => {
    let data: unknown;
    try {
      data = JSON.parse(String(message.data));
    } catch {
      return;
    }
    // Events are checked against their schema, whose library loads with the first event rather
    // than with the screen. Every event waits on the same promise, so they keep their order.
    parser ??= import("@common/realtime").then((m) => m.parseRealtimeEvent);
    void parser.then((parse) => {
      const event = parse(data);
      if (!event) return;
      for (const listener of eventListeners) listener(event);
    });
  };
  ws.onclose = (event) => {
    if (socket !== ws) return;
    socket = null;
    setStatus("down");
    if (event.code === CLOSE_UNAUTHORIZED) return;
    scheduleReconnect();
  };
}

function scheduleReconnect() {
  if (holders === 0 || retryTimer) return;
  const base = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** attempt);
  attempt += 1;
  // Jitter spreads a crowd of tabs reconnecting after a server restart.
  const delay = base / 2 + Math.random() * (base / 2);
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    connect();
  }, delay);
}

function disconnect() {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  const ws = socket;
  socket = null;
  ws?.close(1000, "Signed out");
  attempt = 0;
  status = "connecting";
}

/** Back online or back in view: try now rather than at the end of a long back-off. */
function retrySoon() {
  if (holders === 0 || socket) return;
  attempt = 0;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  connect();
}

if (typeof window !== "undefined") {
  window.addEventListener("online", retrySoon);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") retrySoon();
  });
}

/** Keeps the socket open while at least one holder needs it; returns the release function. */
export function acquireSocket(): () => void {
  holders += 1;
  clearTimeout(releaseTimer);
  releaseTimer = undefined;
  connect();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0) return;
    // A screen change unmounts and remounts holders; do not drop the connection in between.
    releaseTimer = setTimeout(() => {
      releaseTimer = undefined;
      if (holders === 0) disconnect();
    }, RELEASE_GRACE_MS);
  };
}

export function onRealtimeEvent(listener: Listener<RealtimeEvent>): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

export function onSocketStatus(listener: Listener<SocketStatus>): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export function getSocketStatus(): SocketStatus {
  return status;
}
