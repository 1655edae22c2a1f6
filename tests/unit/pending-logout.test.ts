import { beforeEach, describe, expect, test, vi } from "vitest";
import {
  clearPendingLogout,
  endPendingLogout,
  hasPendingLogout,
  markPendingLogout,
} from "../../client/src/lib/pending-logout";

/** A logout made offline: what the device remembers, and when it ends the server session. */

let storage: Map<string, string>;
let calls: string[];

function serverAnswers(status: number) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      return new Response(status === 200 ? '{"ok":true}' : '{"message":"x"}', { status });
    }),
  );
}

beforeEach(() => {
  storage = new Map();
  calls = [];
  vi.stubGlobal("localStorage", {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  });
  vi.stubGlobal("navigator", { onLine: true });
  vi.stubGlobal("window", { location: { reload: vi.fn() } });
});

describe("a logout made offline", () => {
  test("ends the server session once, when the server answers, and is then forgotten", async () => {
    markPendingLogout();
    serverAnswers(500);
    expect(await endPendingLogout()).toBe(false);
    expect(hasPendingLogout()).toBe(true);
    serverAnswers(200);
    expect(await endPendingLogout()).toBe(true);
    expect(calls).toEqual(["POST /api/auth/logout", "POST /api/auth/logout"]);
    expect(hasPendingLogout()).toBe(false);
    expect(await endPendingLogout()).toBe(true);
    expect(calls).toHaveLength(2);
  });

  test("counts a session already gone (401) as ended", async () => {
    markPendingLogout();
    serverAnswers(401);
    expect(await endPendingLogout()).toBe(true);
    expect(hasPendingLogout()).toBe(false);
  });

  test("is forgotten after a new sign-in, so the new session is never the one ended", async () => {
    markPendingLogout();
    clearPendingLogout();
    serverAnswers(200);
    expect(await endPendingLogout()).toBe(true);
    expect(calls).toEqual([]);
  });

  test("stays put without a connection: nothing is sent", async () => {
    markPendingLogout();
    vi.stubGlobal("navigator", { onLine: false });
    serverAnswers(200);
    expect(await endPendingLogout()).toBe(false);
    expect(calls).toEqual([]);
    expect(hasPendingLogout()).toBe(true);
  });
});
