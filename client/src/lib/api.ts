import { markReachable, markUnreachable } from "./reachability";

/**
 * The one way the client talks to the server (SPEC §7): same-origin cookies, JSON bodies,
 * and a non-OK answer raised as an ApiError whose message is "{status}: {text}"; no answer at all
 * as a NetworkError.
 */

export type ApiErrorBody = { message?: string; field?: string };

export class ApiError extends Error {
  readonly status: number;
  /** The parsed JSON error body, or null when the body was not JSON. */
  readonly body: ApiErrorBody | null;
  readonly field?: string;
  /** What a toast shows: the server's message, or a fallback describing the failure. */
  readonly serverMessage: string;

  constructor(status: number, text: string, body: ApiErrorBody | null) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.field = typeof body?.field === "string" ? body.field : undefined;
    if (body === null) this.serverMessage = "Unknown error occurred";
    else if (typeof body.message === "string" && body.message) this.serverMessage = body.message;
    else this.serverMessage = `Server error: ${status}`;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A request that got no answer from CrewSwap: no connection, a dead zone, or a captive portal
 * answering in its place. A TypeError, as a failed fetch is.
 */
export class NetworkError extends TypeError {
  constructor(message = "Couldn't reach CrewSwap") {
    super(message);
    this.name = "NetworkError";
  }
}

export function isNetworkFailure(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

/** The message to show for a failed call: the server's words, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) ? error.serverMessage : fallback;
}

type RequestOptions = {
  /** Return null instead of throwing on 401 (the current-user query). */
  on401?: "reload" | "null" | "throw";
  signal?: AbortSignal;
};

const RELOAD_GUARD_KEY = "crewswap:401-reload-at";

function reloadForExpiredSession(url: string) {
  console.warn(`Session expired or missing (401 from ${url}); reloading to reset the session.`);
  try {
    const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
    if (Date.now() - last < 10_000) return; // never loop
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
  } catch {
    // storage unavailable: reload anyway
  }
  window.location.reload();
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  let body: ApiErrorBody | null = null;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      body = parsed && typeof parsed === "object" ? (parsed as ApiErrorBody) : {};
    } catch {
      body = null;
    }
  } else {
    body = {};
  }
  return new ApiError(res.status, text || res.statusText, body);
}

/** Why a change is refused while the device is offline (nothing is queued). */
export const OFFLINE_MESSAGE = "You are offline. This change needs a connection; nothing was saved.";

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export async function apiRequest<T>(
  method: Method,
  url: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  return (await send<T>(method, url, data, options)).data;
}

async function send<T>(
  method: Method,
  url: string,
  data: unknown,
  options: RequestOptions,
): Promise<{ data: T; headers: Headers | null }> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: BodyInit | undefined;
  if (data instanceof FormData) {
    body = data;
  } else if (data !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(data);
  }

  if (method !== "GET" && globalThis.navigator?.onLine === false) {
    throw new ApiError(0, OFFLINE_MESSAGE, { message: OFFLINE_MESSAGE });
  }
  const res = await reach(url, { method, headers, body, credentials: "same-origin", signal: options.signal });

  if (res.status === 401) {
    const mode = options.on401 ?? (url.startsWith("/api/auth/") ? "throw" : "reload");
    if (mode === "null") return { data: null as T, headers: null };
    if (mode === "reload") reloadForExpiredSession(url);
  }
  if (!res.ok) throw await toApiError(res);

  if (res.status === 204) return { data: undefined as T, headers: res.headers };
  return { data: parseAnswer<T>(await res.text()), headers: res.headers };
}

/** fetch, telling lib/reachability whether CrewSwap answered. */
async function reach(url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    markUnreachable();
    throw new NetworkError();
  }
  // 511: a captive portal asking to sign in to the network, not CrewSwap.
  if (res.status === 511) {
    markUnreachable();
    throw new NetworkError();
  }
  // A successful answer counts once it reads as CrewSwap's (parseAnswer).
  if (!res.ok || res.status === 204) markReachable();
  return res;
}

/** A successful answer that is not JSON came from something in the way (a captive portal's page). */
function parseAnswer<T>(text: string): T {
  let data: T;
  try {
    data = (text ? JSON.parse(text) : undefined) as T;
  } catch {
    markUnreachable();
    throw new NetworkError();
  }
  markReachable();
  return data;
}

/** The URL of a `Link` header's rel="next" entry (RFC 8288), or null. */
export function nextPageUrl(link: string | null | undefined): string | null {
  for (const part of link?.split(",") ?? []) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(^|;)\s*rel="?next"?\s*(;|$)/i.test(match[2])) return match[1];
  }
  return null;
}

export type Page<T> = { items: T[]; next: string | null };

/** A GET of one page of a list: its items, and the URL of the next page if the server gave one. */
async function getPage<T>(url: string, options: RequestOptions = {}): Promise<Page<T>> {
  const { data, headers } = await send<T[]>("GET", url, undefined, options);
  return { items: data ?? [], next: nextPageUrl(headers?.get("link")) };
}

export const api = {
  get: <T>(url: string, options?: RequestOptions) => apiRequest<T>("GET", url, undefined, options),
  getPage,
  post: <T>(url: string, data?: unknown, options?: RequestOptions) => apiRequest<T>("POST", url, data, options),
  patch: <T>(url: string, data?: unknown, options?: RequestOptions) => apiRequest<T>("PATCH", url, data, options),
  delete: <T>(url: string, options?: RequestOptions) => apiRequest<T>("DELETE", url, undefined, options),
};
