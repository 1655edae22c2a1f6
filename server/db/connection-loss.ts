import type pg from "pg";

// PostgreSQL's connection exceptions (class 08) and "the server is going away or not there yet".
const LOSS_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);
const LOSS_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);
const LOSS_MESSAGES = [
  "Connection terminated",
  "not queryable",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "Connection terminated due to connection timeout",
];

/**
 * True when an error (or what it wraps: Drizzle wraps pg's errors in `cause`) means the database
 * could not be reached or went away: the request may succeed once it is back, so 503, not 500.
 */
export function isConnectionLoss(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string" && (e.code.startsWith("08") || LOSS_CODES.has(e.code) || LOSS_ERRNOS.has(e.code))) {
    return true;
  }
  if (typeof e.message === "string" && LOSS_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isConnectionLoss(inner, depth + 1))) return true;
  return isConnectionLoss(e.cause, depth + 1);
}

type ErrorLog = (err: Error) => void;

/**
 * A pg client emits 'error' when its connection drops, also while a query or transaction holds it,
 * and an 'error' nobody listens to ends the process. The query in flight fails on its own; this
 * only notes the loss. Use it on every Client you create.
 */
export function watchClient(client: pg.Client | pg.PoolClient, onError: ErrorLog): void {
  client.on("error", onError);
}

/**
 * The same for a pool: its idle clients (pool 'error') and the ones checked out for a request or a
 * transaction (pg-pool removes its own listener while a client is out). A broken client is not
 * reused: the pool drops it on release.
 */
export function watchPool(pool: pg.Pool, onError: ErrorLog): void {
  pool.on("error", onError);
  pool.on("connect", (client) => watchClient(client, onError));
}
