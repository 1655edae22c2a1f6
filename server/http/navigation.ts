import type { FastifyRequest } from "fastify";

/**
 * Whether a request that matched no route is a browser navigating to a screen of the app, which
 * gets index.html. Anything else that is missing (a file such as /x.png or /favicon.ico, an API
 * path, a script's fetch) gets a 404, never the app's HTML: a missing image or script that
 * answers 200 with HTML hides the mistake and breaks caches and crawlers.
 */
export function isAppNavigation(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const pathname = request.url.split("?")[0];
  if (pathname.startsWith("/api/") || pathname === "/api" || pathname === "/ws") return false;
  // Screens have no file extension; a last segment with one names a file.
  if (/\.[^/]*$/.test(pathname)) return false;
  // Browsers say what a request is for (Sec-Fetch-Dest): only a document load gets the app.
  const dest = request.headers["sec-fetch-dest"];
  if (dest !== undefined) return dest === "document";
  // Without it (plain http on a LAN address, curl, scripts), go by what the client accepts.
  const accept = request.headers.accept;
  return accept === undefined || /\btext\/html\b|\*\/\*/.test(accept);
}
