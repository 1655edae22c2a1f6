import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * Whether CrewSwap answers, which `navigator.onLine` does not tell: with one bar, behind a captive
 * portal or in a dead zone the phone believes it is online while nothing gets through. A request
 * that gets no answer marks the server unreachable, and TanStack Query is told the app is offline,
 * so queries keep their data and wait (paused) instead of failing. A probe with back-off finds when
 * answers come back; the queries then go out again by themselves.
 */

/** Public, and it answers JSON even when its database is down: any JSON answer means CrewSwap is there. */
const PROBE_URL = "/api/health";
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

const listeners = new Set<() => void>();
let unreachable = false;
let probes = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/** 1 s, 2 s, 4 s … at most 30 s after the given number of failures. */
export function backOff(failures: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** failures, MAX_DELAY_MS);
}

function notify() {
  for (const listener of listeners) listener();
}

function browserOnline(): boolean {
  return globalThis.navigator?.onLine !== false;
}

/** A request went out and nothing came back (or not from CrewSwap). */
export function markUnreachable(): void {
  onlineManager.setOnline(false);
  if (unreachable) return;
  unreachable = true;
  probes = 0;
  listenForOnline();
  notify();
  schedule(backOff(0));
}

/** CrewSwap answered (whatever it said). */
export function markReachable(): void {
  if (!unreachable) return;
  unreachable = false;
  clearTimeout(timer);
  timer = undefined;
  notify();
  onlineManager.setOnline(browserOnline());
}

export function isReachable(): boolean {
  return !unreachable;
}

function schedule(delay: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void probe(), delay);
}

async function probe() {
  timer = undefined;
  // Without a network the browser says so; its 'online' event starts the probe again.
  if (!unreachable || !browserOnline()) return;
  try {
    const res = await fetch(PROBE_URL, { cache: "no-store", credentials: "same-origin" });
    // A captive portal answers too, with its own page.
    if (res.headers.get("content-type")?.includes("json")) return markReachable();
  } catch {
    // Still no way through.
  }
  probes += 1;
  if (unreachable) schedule(backOff(probes));
}

function listenForOnline() {
  if (listening || typeof window === "undefined" || !window.addEventListener) return;
  listening = true;
  window.addEventListener("online", () => {
    if (!unreachable) return;
    probes = 0;
    schedule(0);
  });
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** False while requests get no answer although the browser believes it is online. */
export function useReachable(): boolean {
  return useSyncExternalStore(subscribe, isReachable, () => true);
}
