import type { FastifyRequest } from "fastify";
import pino from "pino";

const FEED_PATH = /^\/calendar\/[^/?]+\.ics$/;
const SECRET_PARAMS = new Set(["token"]);

/**
 * A request address as the log may keep it: a calendar feed's token and a reset link's token are
 * keys to an account, and logs are read by more people, and kept longer, than either should be.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  const safePath = FEED_PATH.test(path) ? "/calendar/[redacted].ics" : path;
  if (q === -1) return safePath;
  const query = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=")[0];
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is kept as sent.
      }
      return SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${safePath}?${query}`;
}

/** Fastify's request log line, with the address redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const REDACTED = "[redacted]";

/**
 * A failed query's values: Drizzle puts them in its error's message ("Failed query: …\nparams: …")
 * and `params`, and PostgreSQL's `detail` quotes a conflicting key. They are session key hashes,
 * emails, tokens: the SQL text (with $1, $2) is kept, the values are not.
 */
function withoutValues(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 5) return err;
  const e = err as Error & Record<string, unknown>;
  const message = "params" in e ? e.message.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`) : e.message;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(e)), e) as Error & Record<string, unknown>;
  copy.message = message;
  copy.stack = e.stack?.replace(e.message, message);
  if ("params" in e) copy.params = REDACTED;
  if ("detail" in e) copy.detail = REDACTED;
  if (e.cause !== undefined) copy.cause = withoutValues(e.cause, depth + 1);
  if (Array.isArray(e.errors)) copy.errors = e.errors.map((inner) => withoutValues(inner, depth + 1));
  return copy;
}

/** The log's `err` serializer: pino's, on the error without the values it was sent. */
export function errorForLog(err: unknown) {
  return pino.stdSerializers.err(withoutValues(err) as Error);
}
