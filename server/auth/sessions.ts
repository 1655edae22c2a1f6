import { randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/open";
import { preparedPerDb } from "../db/prepared";
import { passwordResets, rateLimits, sessions, type UserRow, users } from "../db/schema";

export const SESSION_COOKIE = "sid";
const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;

export type CookieOptions = { secure: boolean };

export async function createSession(db: Db, userId: number, remember: boolean) {
  const sid = randomBytes(32).toString("base64url");
  const maxAge = remember ? REMEMBER_MS : BROWSER_SESSION_MS;
  const expire = new Date(Date.now() + maxAge);
  await db.insert(sessions).values({ sid, sess: { userId }, expire, userId });
  return { sid, expire, remember };
}

export function setSessionCookie(
  reply: FastifyReply,
  session: { sid: string; expire: Date; remember: boolean },
  opts: CookieOptions,
) {
  reply.setCookie(SESSION_COOKIE, session.sid, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: opts.secure,
    signed: true,
    // Without Remember me the cookie dies with the browser; the server still ends it after 12 h.
    ...(session.remember ? { expires: session.expire } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, opts: CookieOptions) {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: opts.secure });
}

export function readSid(request: FastifyRequest): string | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/** Every request runs this lookup: prepared once per database (and planned once per connection). */
const sessionLookup = preparedPerDb((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sql.placeholder("sid")), gt(sessions.expire, sql.placeholder("now"))))
    .limit(1)
    .prepare("user_for_session"),
);

export async function userForSession(db: Db, sid: string): Promise<UserRow | undefined> {
  const [row] = await sessionLookup(db).execute({ sid, now: new Date() });
  return row?.user;
}

export async function destroySession(db: Db, sid: string) {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

export async function destroyUserSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Hourly housekeeping: ended sessions, spent limit windows and old reset links. */
export async function purgeExpired(db: Db) {
  const now = new Date();
  await db.delete(sessions).where(lt(sessions.expire, now));
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}
