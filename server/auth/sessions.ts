import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db, Tx } from "../db/open";
import type { UserRow } from "../db/schema";
import {
  deleteOtherSessions,
  deleteSession,
  insertSessionRow,
  liveSessionIds,
  liveSessionsOf,
  liveSessionUser,
  touchSession,
} from "./session-queries";

export const SESSION_COOKIE = "sid";
const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

export type CookieOptions = { secure: boolean };

/** What the sessions table holds for a cookie's id: its SHA-256, never the id itself. */
export const sessionKey = (sid: string) => createHash("sha256").update(sid).digest("hex");

type VerifiedCookie = { sid: string; key: string };

/**
 * Cookies whose signature checked out, with their id's key, for each app's cookie verifier (its
 * secret): every signed-in request otherwise pays an HMAC (the secret imported anew each time) and a
 * SHA-256 for the same few cookies. Both are pure functions of the cookie and the secret, so a
 * remembered answer is never stale; whether the session is still live is asked of the database on
 * every request all the same. Only cookies signed with the secret get in, so nobody without it can
 * fill this; it is emptied when full.
 */
const verifiedCookies = new WeakMap<object, Map<string, VerifiedCookie>>();
const VERIFIED_COOKIES_MAX = 10_000;

/** The session id and its stored key from a signed cookie's value, if its signature is ours. */
function verifiedCookie(request: FastifyRequest, raw: string): VerifiedCookie | undefined {
  let known = verifiedCookies.get(request.unsignCookie);
  if (!known) {
    known = new Map();
    verifiedCookies.set(request.unsignCookie, known);
  }
  const remembered = known.get(raw);
  if (remembered) return remembered;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  const verified = { sid: unsigned.value, key: sessionKey(unsigned.value) };
  if (known.size >= VERIFIED_COOKIES_MAX) known.clear();
  known.set(raw, verified);
  return verified;
}

export async function createSession(db: Db, userId: number, remember: boolean, userAgent?: string) {
  const sid = randomBytes(32).toString("base64url");
  const maxAge = remember ? REMEMBER_MS : BROWSER_SESSION_MS;
  const expire = new Date(Date.now() + maxAge);
  await insertSessionRow(db, {
    sid: sessionKey(sid),
    sess: { userId },
    expire,
    userId,
    userAgent: userAgent?.slice(0, 300) || null,
  });
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
  return readSession(request)?.sid;
}

/** The session id of the request's cookie and the key the table holds for it, if the cookie is signed by us. */
export function readSession(request: FastifyRequest): VerifiedCookie | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  return raw ? verifiedCookie(request, raw) : undefined;
}

/** The signed-in user of a cookie's session id; notes the visit (at most once a minute). */
export async function userForSession(db: Db, sid: string, key = sessionKey(sid)): Promise<UserRow | undefined> {
  const now = new Date();
  const row = await liveSessionUser(db, key, now);
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await touchSession(db, key, now);
  return row.user;
}

/** Deletes the session; answers whose it was, if it existed. */
export async function destroySession(db: Db, sid: string): Promise<{ userId: number } | undefined> {
  return deleteSession(db, sessionKey(sid));
}

/** Ends every session of the user but the one whose cookie id is `keepSid`. */
export async function destroyOtherSessions(db: Db | Tx, userId: number, keepSid: string) {
  await deleteOtherSessions(db, userId, sessionKey(keepSid));
}

export type SessionSummary = { userAgent: string | null; createdAt: Date; lastSeenAt: Date; current: boolean };

/** The user's live sessions: the caller's own first (marked), then the most recently used. */
export async function listSessions(db: Db, userId: number, currentSid: string): Promise<SessionSummary[]> {
  const rows = await liveSessionsOf(db, userId, new Date());
  const mine = sessionKey(currentSid);
  const list = rows.map(({ sid, ...rest }) => ({ ...rest, current: sid === mine }));
  // This device first, the others by last use.
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/** Which of these session keys (hashed ids, as open sockets hold them) still belong to a live session. */
export function liveSessionKeys(db: Db, keys: string[]): Promise<Set<string>> {
  return liveSessionIds(db, keys);
}
