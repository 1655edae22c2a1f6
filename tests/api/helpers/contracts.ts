import { expect } from "vitest";
import type { ResponseContract } from "../../../server/app";

/**
 * Routes that answer no JSON, so there is no zod schema to declare for their success; each says what
 * it sends instead. Every other route must declare a `response` schema for each success status.
 */
export const routesWithoutJsonAnswer: Record<string, string> = {
  "GET /ws": "a websocket upgrade",
  "GET /calendar/:file": "the iCalendar feed (text/calendar)",
  "GET /api/shifts/import/template.xlsx": "the roster template workbook (xlsx)",
  "GET /api/notifications/unsubscribe": "an HTML page opened from the digest mail",
  "POST /api/notifications/unsubscribe": "an HTML page (the mail's one-click unsubscribe)",
  "GET /api/auth/verify-email": "a 303 redirect into the app, opened from the mail",
};

const pattern = (url: string) => new RegExp(`^${url.replace(/:[^/]+/g, "[^/]+")}$`);

/** The route a request reached: an exact path first (/open before /:id), else the pattern that matches. */
function contractFor(contracts: ResponseContract[], method: string, path: string) {
  const bare = path.split("?")[0];
  const same = contracts.filter((c) => c.method === method);
  return (
    same.find((c) => c.url === bare) ?? same.find((c) => (!c.url.includes(":") ? false : pattern(c.url).test(bare)))
  );
}

/**
 * The routes the app registered, without Fastify's HEAD copies of GETs and without the files of the
 * client build (@fastify/static registers one route per file when a build is there; they are not the API).
 */
export function apiRoutes(contracts: ResponseContract[]): ResponseContract[] {
  return contracts.filter((c) => c.method !== "HEAD" && /^\/(api\/|calendar\/|ws$)/.test(c.url));
}

/** The registered API routes that answer JSON. */
export function jsonRoutes(contracts: ResponseContract[]): ResponseContract[] {
  return apiRoutes(contracts).filter((c) => !(`${c.method} ${c.url}` in routesWithoutJsonAnswer));
}

/**
 * Checks a successful answer against the schema its route declares for that status, and answers
 * which contract it was (undefined for a failure or a route that answers no JSON). A JSON route that
 * succeeds with a status it declares no schema for fails the check.
 */
export function expectMatchesContract(
  contracts: ResponseContract[],
  method: string,
  path: string,
  res: { status: number; body: unknown; text: string },
): ResponseContract | undefined {
  if (res.status < 200 || res.status >= 300) return undefined;
  const contract = contractFor(contracts, method, path);
  if (!contract || `${contract.method} ${contract.url}` in routesWithoutJsonAnswer) return undefined;
  const schema = contract.response?.[String(res.status)];
  expect(
    schema,
    `${method} ${contract.url} answered ${res.status} but declares no response schema for it`,
  ).toBeDefined();
  const parsed = schema!.safeParse(res.body);
  expect(parsed.success, `${method} ${path} answered outside its contract: ${parsed.error?.message} ${res.text}`).toBe(
    true,
  );
  return contract;
}
