import { expect } from "vitest";
import type { ResponseContract } from "../../../server/app";

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
 * Checks a successful answer against the schema its route declares for that status, and answers
 * which contract it was (undefined when the route declares none).
 */
export function expectMatchesContract(
  contracts: ResponseContract[],
  method: string,
  path: string,
  res: { status: number; body: unknown; text: string },
): ResponseContract | undefined {
  const contract = contractFor(contracts, method, path);
  const schema = contract?.response?.[String(res.status)];
  if (!contract || !schema || res.status < 200 || res.status >= 300) return undefined;
  const parsed = schema.safeParse(res.body);
  expect(parsed.success, `${method} ${path} answered outside its contract: ${parsed.error?.message} ${res.text}`).toBe(
    true,
  );
  return contract;
}
