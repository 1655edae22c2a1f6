import type { FastifyRequest } from "fastify";

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
