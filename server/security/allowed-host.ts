import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import type { Config } from "../config";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The Host values that name APP_URL: with its default port written out, and loopback aliases of a local address. */
export function allowedHosts(appUrl: string): Set<string> {
  const url = new URL(appUrl);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const names = LOOPBACK.has(url.hostname) ? [...LOOPBACK] : [url.hostname];
  const hosts = new Set<string>();
  for (const name of names) {
    hosts.add(`${name}:${port}`);
    if (!url.port) hosts.add(name);
  }
  return hosts;
}

/**
 * Only requests addressed to CrewSwap's own host (APP_URL) are served: a page on another name that
 * resolves here (DNS rebinding) or a forged Host gets nothing, not even mailed links built from it.
 * The readiness probe stays open, as load balancers call it by the instance's address.
 */
export function allowedHostGuard(config: Config) {
  const hosts = allowedHosts(config.appUrl);
  const message = `This address does not serve CrewSwap (it answers at ${config.appUrl}). To use this address, set APP_URL to it and restart CrewSwap.`;
  // One line per refused host, for the operator whose first visit used the listening address; a
  // bounded set, as anyone can send any Host.
  const told = new Set<string>();
  // A callback, not an async hook: every request passes here.
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const host = request.host.toLowerCase();
    if (hosts.has(host) || (request.method === "GET" && request.url === "/api/health")) return done();
    if (told.size < 20 && !told.has(host)) {
      told.add(host);
      request.log.warn(
        `Answered 421 to a request for ${host.slice(0, 100)}: CrewSwap answers only at ${config.appUrl}; if people reach it at this address, set APP_URL to it`,
      );
    }
    reply.code(421).send({ message });
  };
}
