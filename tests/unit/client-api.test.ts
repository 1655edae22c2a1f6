import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ApiError, api, apiRequest, errorMessage, nextPageUrl } from "../../client/src/lib/api";

type Reply = { status: number; body?: string; statusText?: string };

let calls: Array<{ url: string; init: RequestInit }>;
let reload: ReturnType<typeof vi.fn>;
let storage: Map<string, string>;

function replyWith(reply: Reply) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(reply.body ?? null, { status: reply.status, statusText: reply.statusText ?? "" });
    }),
  );
}

/** The ApiError a call rejects with (fails the test if it resolves). */
function failure(call: Promise<unknown>): Promise<ApiError> {
  return call.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (error: unknown) => error as ApiError,
  );
}

beforeEach(() => {
  calls = [];
  reload = vi.fn();
  storage = new Map();
  vi.stubGlobal("window", { location: { reload } });
  vi.stubGlobal("sessionStorage", {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
  });
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("apiRequest", () => {
  test("sends same-origin cookies and a JSON body with a JSON content type", async () => {
    replyWith({ status: 200, body: JSON.stringify({ ok: true }) });
    const answer = await apiRequest<{ ok: boolean }>("POST", "/api/things", { a: 1 });
    expect(answer).toEqual({ ok: true });
    const { init } = calls[0];
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("same-origin");
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(init.body).toBe('{"a":1}');
  });

  test("a bodiless call sends no content type", async () => {
    replyWith({ status: 200, body: "" });
    await apiRequest("POST", "/api/auth/logout");
    expect((calls[0].init.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
    expect(calls[0].init.body).toBeUndefined();
  });

  test("a non-OK answer throws '{status}: {text}' and keeps the parsed body", async () => {
    const body = JSON.stringify({ message: "An account with this email already exists", field: "email" });
    replyWith({ status: 409, body });
    const error = await failure(apiRequest("POST", "/api/auth/register", {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(`409: ${body}`);
    expect(error.status).toBe(409);
    expect(error.field).toBe("email");
    expect(error.serverMessage).toBe("An account with this email already exists");
  });

  test("an empty error body uses the status text; no message gives 'Server error: {status}'", async () => {
    replyWith({ status: 503, body: "", statusText: "Service Unavailable" });
    const error = await failure(apiRequest("GET", "/api/meta"));
    expect(error.message).toBe("503: Service Unavailable");
    expect(error.serverMessage).toBe("Server error: 503");
  });

  test("an unparseable error body gives 'Unknown error occurred'", async () => {
    replyWith({ status: 502, body: "<html>Bad gateway</html>" });
    const error = await failure(apiRequest("GET", "/api/meta"));
    expect(error.message).toBe("502: <html>Bad gateway</html>");
    expect(error.serverMessage).toBe("Unknown error occurred");
  });

  test("401 from the current-user call means signed out (null), without reloading", async () => {
    replyWith({ status: 401, body: JSON.stringify({ message: "Not signed in" }) });
    expect(await apiRequest("GET", "/api/auth/user", undefined, { on401: "null" })).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  test("401 from a login is an error to show, not a reload", async () => {
    replyWith({ status: 401, body: JSON.stringify({ message: "Invalid email or password" }) });
    const error = await failure(apiRequest("POST", "/api/auth/login", {}));
    expect(error.serverMessage).toBe("Invalid email or password");
    expect(reload).not.toHaveBeenCalled();
  });

  test("401 from any other call logs and reloads the page, but never in a loop", async () => {
    replyWith({ status: 401, body: JSON.stringify({ message: "Not signed in" }) });
    await expect(apiRequest("GET", "/api/shifts")).rejects.toBeInstanceOf(ApiError);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(console.warn).toHaveBeenCalled();
    await expect(apiRequest("GET", "/api/shifts")).rejects.toBeInstanceOf(ApiError);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe("errorMessage", () => {
  test("uses the server's words for API errors and the fallback for anything else", () => {
    expect(errorMessage(new ApiError(400, "x", { message: "Bad base" }), "fallback")).toBe("Bad base");
    expect(errorMessage(new TypeError("Failed to fetch"), "Please check your credentials and try again.")).toBe(
      "Please check your credentials and try again.",
    );
  });
});

describe("api.getPage", () => {
  function pageReply(body: string, link?: string) {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response(body, { status: 200, headers: link ? { link } : {} });
      }),
    );
  }

  test("gives the items and the next page named by the Link header", async () => {
    pageReply('[{"id":1},{"id":2}]', '</api/users/hub/Dudley%20Hub?limit=2&after=abc>; rel="next"');
    const page = await api.getPage<{ id: number }>("/api/users/hub/Dudley%20Hub?limit=2");
    expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], next: "/api/users/hub/Dudley%20Hub?limit=2&after=abc" });
    expect(calls[0].init.method).toBe("GET");
  });

  test("has no next page without a Link header, or with links of other kinds", async () => {
    pageReply("[]");
    expect(await api.getPage("/list")).toEqual({ items: [], next: null });
    pageReply('[{"id":3}]', '</list?page=1>; rel="prev", </list?page=1>; rel="first"');
    expect((await api.getPage("/list")).next).toBeNull();
  });

  test("raises the server's error like any other call", async () => {
    replyWith({ status: 400, body: '{"message":"Page size must be a whole number from 1 to 100","field":"limit"}' });
    const error = await failure(api.getPage("/list?limit=0"));
    expect(error.field).toBe("limit");
  });
});

describe("nextPageUrl", () => {
  test("picks rel=next among several links, quoted or not", () => {
    expect(nextPageUrl('</a?p=1>; rel="prev", </a?p=3>; rel="next"')).toBe("/a?p=3");
    expect(nextPageUrl("</a?p=3>; rel=next")).toBe("/a?p=3");
    expect(nextPageUrl('</a?p=3>; title="x"; rel="next"')).toBe("/a?p=3");
    expect(nextPageUrl('</a?p=3>; rel="nextish"')).toBeNull();
    expect(nextPageUrl(null)).toBeNull();
  });
});
