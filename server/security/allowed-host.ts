import type { FastifyReply, FastifyRequest } from "fastify";
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
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (hosts.has(request.host.toLowerCase())) return;
    if (request.method === "GET" && request.url === "/api/health") return;
    return reply.code(421).send({ message: "This address does not serve CrewSwap" });
  };
}
