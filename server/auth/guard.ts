import type { FastifyReply, FastifyRequest } from "fastify";
import type { UserRow } from "../db/schema";
import { unauthorized } from "../errors";
import { readSid, userForSession } from "./sessions";

declare module "fastify" {
  interface FastifyRequest {
    user: UserRow | null;
    sid: string | null;
  }
}

/** Loads the signed-in user from the session cookie, or null. */
export async function loadUser(request: FastifyRequest): Promise<UserRow | null> {
  if (request.user) return request.user;
  const sid = readSid(request);
  if (!sid) return null;
  const user = await userForSession(request.server.deps.db, sid);
  if (!user) return null;
  request.user = user;
  request.sid = sid;
  return user;
}

/** preHandler for every route that needs a signed-in user: 401 otherwise. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  if (!(await loadUser(request))) throw unauthorized();
}

/** The signed-in user inside a handler guarded by requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
