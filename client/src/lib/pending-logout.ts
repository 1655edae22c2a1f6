import { ApiError, apiRequest, isApiError } from "./api";

/**
 * A logout pressed without a connection signs the device out at once (its cached data is cleared)
 * but cannot reach the server, so the session cookie would still open the account. The device
 * remembers that, and ends the server session before it asks who is signed in again.
 */
const KEY = "crewswap-pending-logout";

export function hasPendingLogout(): boolean {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function markPendingLogout(): void {
  try {
    localStorage.setItem(KEY, "1");
  } catch {
    // Storage refused (private mode): the server session then ends on its idle timeout.
  }
}

/**
 * A new sign-in on this device replaced the old session's cookie: nothing is left to end from here
 * (the old session runs out on the server's idle timeout), and ending "it" later would end the new one.
 */
export function clearPendingLogout(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing was stored.
  }
}

let running: Promise<boolean> | null = null;

/** Ends the session a logout made offline left open; true once none is left. */
export function endPendingLogout(): Promise<boolean> {
  if (!hasPendingLogout()) return Promise.resolve(true);
  running ??= (async () => {
    try {
      await apiRequest("POST", "/api/auth/logout");
    } catch (error) {
      // 401: the session had already ended (expired, or ended from another device).
      if (!(isApiError(error) && error.status === 401)) return false;
    } finally {
      running = null;
    }
    localStorage.removeItem(KEY);
    return true;
  })();
  return running;
}

/** True when a change failed because the device could not reach the server at all. */
export function isUnreachable(error: unknown): boolean {
  return (error instanceof ApiError && error.status === 0) || error instanceof TypeError;
}
