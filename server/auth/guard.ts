import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { UserRow } from "../db/schema";
import { forbidden, unauthorized } from "../errors";
import { readSession, userForSession } from "./sessions";
import { UNVERIFIED_MESSAGE } from "./verification";

declare module "fastify" {
  interface FastifyRequest {
    user: UserRow | null;
    sid: string | null;
  }
}

/** Loads the signed-in user from the session cookie, or null. */
export async function loadUser(request: FastifyRequest): Promise<UserRow | null> {
  if (request.user) return request.user;
  const session = readSession(request);
  if (!session) return null;
  const user = await userForSession(request.server.deps.db, session.sid, session.key);
  if (!user) return null;
  request.user = user;
  request.sid = session.sid;
  // Fastify gives each request a logger of its own: naming the user on it costs less than a child
  // logger per request. Without logging every request shares one, which must not learn a user.
  const log = request.log as typeof request.log & { setBindings?: (bindings: { userId: number }) => void };
  if (log !== request.server.log && typeof log.setBindings === "function") log.setBindings({ userId: user.id });
  else request.log = request.log.child({ userId: user.id });
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

/**
 * preHandler for what reaches colleagues (swap requests, offers, messages): the address must be
 * proven first, so nobody can act under a colleague's work email. Use after requireUser.
 */
export async function requireVerifiedEmail(request: FastifyRequest, _reply: FastifyReply) {
  const user = currentUser(request);
  if (user.emailVerifiedAt === null) throw forbidden(UNVERIFIED_MESSAGE);
}

/**
 * Makes every route of the plugin need a signed-in user (401 otherwise). The hook runs on request,
 * before validation, so a signed-out caller learns nothing from validation answers. Call it first
 * in a protected plugin; public routes live in a plugin of their own.
 */
export function requireSignedIn(app: FastifyInstance) {
  app.addHook("onRequest", requireUser);
}
