import type { Db } from "../db/open";
import { type AppError, tooMany } from "../errors";
import { verifyPassword } from "./passwords";
import { clear, hit, type Limit, passwordOf } from "./queries";

/** Wrong passwords given to a signed-in session (email change, deletion, password change). */
const REAUTH_LIMIT: Limit = { max: 10, windowMs: 15 * 60 * 1000 };

export const reauthKey = (userId: number) => `reauth:${userId}`;

/**
 * Checks the password of a signed-in user before a change that could take over or remove the
 * account. Wrong answers are counted, so a borrowed session cannot guess for long.
 */
export async function confirmPassword(db: Db, userId: number, password: string, wrong: AppError): Promise<void> {
  const attempt = await hit(db, reauthKey(userId), REAUTH_LIMIT);
  if (attempt.count > REAUTH_LIMIT.max) {
    throw tooMany(attempt.retryAfter, "Too many wrong passwords. Please wait 15 minutes and try again.");
  }
  if (!(await verifyPassword(await passwordOf(db, userId), password))) throw wrong;
  await clear(db, reauthKey(userId));
}
