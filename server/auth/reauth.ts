import type { Db } from "../db/open";
import { type AppError, tooMany } from "../errors";
import { clear, hit, type Limit } from "../security/rate-limits";
import { verifyPassword } from "./passwords";
import { passwordOf } from "./queries";
import { sessionKey } from "./sessions";

/** Wrong passwords given to a signed-in session (email change, deletion, password change). */
const REAUTH_LIMIT: Limit = { max: 10, windowMs: 15 * 60 * 1000 };

/**
 * Wrong answers are counted per session, as sign-in counts per address: the session that guessed
 * is stopped, while the owner signed in on another device can still confirm their password.
 * The session, not the address, because a station's crews share one address and a borrowed
 * session moved to another network must not start counting again.
 */
export const reauthKey = (userId: number, sid: string) => `${reauthPrefix(userId)}${sessionKey(sid)}`;

/** Every re-authentication counter of one account, whichever session it belongs to. */
export const reauthPrefix = (userId: number) => `reauth:${userId}|`;

/**
 * Checks the password of a signed-in user before a change that could take over or remove the
 * account. Wrong answers are counted, so a borrowed session cannot guess for long.
 */
export async function confirmPassword(
  db: Db,
  session: { userId: number; sid: string },
  password: string,
  wrong: AppError,
): Promise<void> {
  const key = reauthKey(session.userId, session.sid);
  const attempt = await hit(db, key, REAUTH_LIMIT);
  if (attempt.count > REAUTH_LIMIT.max) {
    throw tooMany(attempt.retryAfter, "Too many wrong passwords. Please wait 15 minutes and try again.");
  }
  if (!(await verifyPassword(await passwordOf(db, session.userId), password))) throw wrong;
  await clear(db, key);
}
