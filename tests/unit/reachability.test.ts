import { onlineManager } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ApiError, apiRequest, NetworkError } from "../../client/src/lib/api";
import { backOff, isReachable } from "../../client/src/lib/reachability";

/**
 * Whether CrewSwap answers, apart from whether the browser says it is online: a request with no
 * answer, or with a captive portal's page in its place, is a NetworkError and pauses the queries;
 * any answer from the server (an error too) ends that.
 */

let calls: string[];

function answer(status: number, body: string, contentType = "application/json") {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response(body, { status, headers: { "content-type": contentType } });
    }),
  );
}

function noAnswer() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      throw new TypeError("Failed to fetch");
    }),
  );
}

beforeEach(() => {
  calls = [];
  vi.useFakeTimers();
  vi.stubGlobal("window", { location: { reload: vi.fn() } });
});

afterEach(async () => {
  // Leave the module reachable for the next test.
  answer(200, "{}");
  await apiRequest("GET", "/api/meta");
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("reachability", () => {
  test("a request with no answer is a NetworkError (a TypeError, as a failed fetch is) and pauses the queries until the server answers", async () => {
    noAnswer();
    const error = await apiRequest("GET", "/api/shifts").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toBeInstanceOf(TypeError);
    expect(isReachable()).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);

    answer(200, "[]");
    expect(await apiRequest("GET", "/api/shifts")).toEqual([]);
    expect(isReachable()).toBe(true);
    expect(onlineManager.isOnline()).toBe(true);
  });

  test("a captive portal's page, or its 511, in place of an answer is a NetworkError too", async () => {
    answer(200, "<html>Sign in to Station Wi-Fi</html>", "text/html");
    await expect(apiRequest("GET", "/api/shifts")).rejects.toBeInstanceOf(NetworkError);
    expect(isReachable()).toBe(false);
    answer(200, "{}");
    await apiRequest("GET", "/api/meta");
    answer(511, "<html>Network authentication required</html>", "text/html");
    await expect(apiRequest("GET", "/api/shifts")).rejects.toBeInstanceOf(NetworkError);
    expect(isReachable()).toBe(false);
  });

  test("a server error is the server answering: an ApiError, and the server is reachable", async () => {
    noAnswer();
    await apiRequest("GET", "/api/shifts").catch(() => undefined);
    answer(500, '{"message":"Internal Server Error"}');
    const error = await apiRequest("GET", "/api/shifts").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isReachable()).toBe(true);
  });

  test("while nothing answers, the health check is probed with back-off until CrewSwap answers", async () => {
    noAnswer();
    await apiRequest("GET", "/api/shifts").catch(() => undefined);
    calls = [];
    await vi.advanceTimersByTimeAsync(backOff(0));
    expect(calls).toEqual(["/api/health"]);
    await vi.advanceTimersByTimeAsync(backOff(1) - 1);
    expect(calls).toHaveLength(1);
    // A captive portal answering the probe is not CrewSwap either.
    answer(200, "<html>portal</html>", "text/html");
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(["/api/health", "/api/health"]);
    expect(isReachable()).toBe(false);
    answer(503, '{"status":"not ready"}');
    await vi.advanceTimersByTimeAsync(backOff(2));
    expect(isReachable()).toBe(true);
    expect(onlineManager.isOnline()).toBe(true);
  });

  test("back-off doubles from 1 s up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(backOff)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});
