import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import type { Config } from "../config";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request must come from our own pages: its Origin must name this host
 * (or APP_URL). SameSite=Lax cookies already stop most cross-site posts; this closes the rest.
 * It applies to every path, not only to /api/: the router decodes the path, so `/%61pi/profile`
 * reaches the same handler as `/api/profile`, and a prefix test on the raw URL would let it through.
 */
export function sameOriginGuard(config: Config) {
  const appHost = new URL(config.appUrl).host;
  // A callback, not an async hook: every request passes here.
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (SAFE.has(request.method)) return done();
    // Routes that prove the caller another way (a signed link) and are posted by mail providers.
    if ((request.routeOptions.config as { crossSite?: boolean } | undefined)?.crossSite) return done();
    const origin = request.headers.origin;
    let host: string | undefined;
    try {
      host = origin ? new URL(origin).host : undefined;
    } catch {
      host = undefined;
    }
    if (!host || (host !== request.headers.host && host !== appHost)) {
      reply.code(403).send({ message: "This request must come from the CrewSwap site" });
      return;
    }
    done();
  };
}
