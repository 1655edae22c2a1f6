import type { Db } from "../db/open";
import { countHit, readHits } from "./queries";

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;
// What @fastify/rate-limit hands `child`: a route's options merged with the limit's own.
type RouteParams = { groupId?: string; routeInfo?: { method?: unknown; url?: string } };

/**
 * A store for @fastify/rate-limit that counts in the database's rate_limits table (as the login
 * throttle does), so a limit holds across every instance behind a load balancer and across restarts.
 * Routes sharing a `groupId` share one bucket per caller; other routes count on their own.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    constructor(
      _globalParams?: unknown,
      readonly prefix = "ip:",
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      countHit(db, `${this.prefix}${key}`, timeWindow).then(
        (row) => cb(null, { current: row.count, ttl: Math.ceil(row.ttlMs) }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback) {
      readHits(db, `${this.prefix}${key}`).then(
        (row) => cb(null, { current: row.count, ttl: Math.ceil(row.ttlMs) }),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: object) {
      const params = routeOptions as RouteParams;
      const route = params.routeInfo?.url ? `${String(params.routeInfo.method)} ${params.routeInfo.url}:` : "";
      return new DatabaseRateLimitStore(undefined, params.groupId ? "ip:" : `ip:${route}`);
    }
  };
}
