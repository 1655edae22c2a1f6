import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { badRequest } from "../errors";

export const NUL_TEXT_MESSAGE = "This text contains a character that cannot be saved";

function holdsNul(root: unknown): boolean {
  // Iterative, so a deeply nested body cannot exhaust the stack.
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (v.includes("\u0000")) return true;
    } else if (v !== null && typeof v === "object") {
      for (const inner of Object.values(v)) stack.push(inner);
    }
  }
  return false;
}

/**
 * Where a JSON body or a query holds text with a NUL character: its top-level field, null when it
 * is not inside an object's field, undefined when there is none.
 */
export function fieldWithNul(value: unknown): string | null | undefined {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) if (holdsNul(inner)) return key;
    return undefined;
  }
  return holdsNul(value) ? null : undefined;
}

/**
 * PostgreSQL text cannot hold NUL (U+0000) and no keyboard types one, so a body or query carrying
 * it is refused with 400 before any route sees it, instead of failing as a 500 at the database.
 */
export function refuseNulText(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  // A callback, not an async hook: every request passes here.
  for (const part of [request.body, request.query]) {
    const field = fieldWithNul(part);
    if (field !== undefined) return done(badRequest(NUL_TEXT_MESSAGE, field ?? undefined));
  }
  done();
}
