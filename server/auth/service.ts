import { createHash, randomBytes } from "node:crypto";
import { isAllowedEmail, NHS_EMAIL_MESSAGE, type RegisterInput } from "../../common/auth";
import { hubForBase } from "../../common/hubs";
import { CURRENT_PASSWORD_WRONG } from "../../common/profile";
import type { Db } from "../db/open";
import type { UserRow } from "../db/schema";
import { AppError, badRequest, conflict, tooMany } from "../errors";
import { publishSessionsEnded } from "../events/publish";
import type { Mail } from "../mail/mailer";
import { newCalendarToken } from "../security/calendar-token";
import { clear, hit, type Limit } from "../security/rate-limits";
import { hashPassword, verifyPassword } from "./passwords";
import {
  deleteStaleUnverified,
  insertPasswordReset,
  insertUserIn,
  setNewPassword,
  touchLastLogin,
  useResetLink,
  userByEmail,
  useUpResetLinks,
} from "./queries";
import { confirmPassword } from "./reauth";
import { destroyUserSessions } from "./session-queries";
import { destroyOtherSessions, destroySession, sessionKey } from "./sessions";
import { type EmailVerification, newVerificationToken } from "./verification";

export type AuthLimits = { failedLogins: Limit; resetMails: Limit };

export const defaultAuthLimits: AuthLimits = {
  failedLogins: { max: 10, windowMs: 15 * 60 * 1000 },
  resetMails: { max: 5, windowMs: 60 * 60 * 1000 },
};

const INVALID_LOGIN = "Invalid email or password";
export const USERNAME_IS_OTHER_EMAIL = "A username that is an email address must be your own email";
export const RESET_INVALID = "This reset link is invalid or has expired";
const RESET_TTL_MS = 60 * 60 * 1000;

function isUniqueViolation(err: unknown): err is { constraint?: string } {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export function constraintOf(err: unknown): string | undefined {
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  return e?.constraint ?? e?.cause?.constraint;
}

/** An unproven account this old no longer holds its address: the real owner may sign up. */
const STALE_UNVERIFIED_MS = 24 * 60 * 60 * 1000;

export type Registered = { user: UserRow; verificationToken?: string };

export async function register(
  db: Db,
  input: RegisterInput,
  allowedDomains: string[],
  verification: EmailVerification,
): Promise<Registered> {
  if (!isAllowedEmail(input.email, allowedDomains)) throw badRequest(NHS_EMAIL_MESSAGE, "email");
  // Sign-up copies the email into the username, so someone else's work address as a username
  // would stop its owner from ever signing up.
  if (isAllowedEmail(input.username, allowedDomains) && input.username.toLowerCase() !== input.email) {
    throw badRequest(USERNAME_IS_OTHER_EMAIL, "username");
  }
  const password = await hashPassword(input.password);
  const proof = verification === "required" ? newVerificationToken() : undefined;
  // One moment for both, so an account not signed in since sign-up can be told apart (isFirstVisit).
  const signedUpAt = new Date();
  try {
    const user = await db.transaction(async (tx) => {
      // Someone who signed up with this address and never proved it for a day does not keep it.
      await deleteStaleUnverified(tx, input.email, new Date(Date.now() - STALE_UNVERIFIED_MS));
      return insertUserIn(tx, {
        username: input.username,
        email: input.email,
        password,
        firstName: input.firstName,
        lastName: input.lastName,
        clinicalGrade: input.clinicalGrade,
        paramedicBase: input.paramedicBase,
        hub: hubForBase(input.paramedicBase),
        phoneNumber: input.phoneNumber ?? null,
        experience: input.experience ?? null,
        activelySeekingSwaps: input.activelySeekingSwaps ?? false,
        swapUrgency: input.swapUrgency ?? "none",
        createdAt: signedUpAt,
        lastLoginAt: signedUpAt,
        ...(proof ? { emailVerifiedAt: null, emailVerificationHash: proof.hash } : {}),
      });
    });
    return { user, verificationToken: proof?.token };
  } catch (err) {
    if (isUniqueViolation(err)) {
      if (constraintOf(err) === "users_username_unique") throw conflict("This username is already taken", "username");
      throw conflict("An account with this email already exists", "email");
    }
    throw err;
  }
}

/** Failed sign-ins are counted per account and address: a stranger's guesses never lock the owner out. */
export const loginKey = (email: string, ip: string) => `login:${email.toLowerCase()}|${ip}`;

/** Guesses past the first few wait longer each time (250 ms doubling, at most 8 s) before the answer. */
export function failureDelayMs(failures: number): number {
  return failures <= 3 ? 0 : Math.min(8000, 250 * 2 ** (failures - 4));
}

export async function login(db: Db, email: string, password: string, ip: string, limits: AuthLimits): Promise<UserRow> {
  const key = loginKey(email, ip);
  // Every attempt is counted in one atomic step before the password is checked, so guesses sent
  // in parallel cannot all pass a check made before any of them was counted. Success clears it.
  const attempt = await hit(db, key, limits.failedLogins);
  if (attempt.count > limits.failedLogins.max) {
    throw tooMany(attempt.retryAfter, "Too many failed sign-in attempts. Please wait 15 minutes and try again.");
  }
  const user = await userByEmail(db, email);
  if (!(await verifyPassword(user?.password, password)) || !user) {
    const delay = failureDelayMs(attempt.count);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    throw new AppError(401, INVALID_LOGIN);
  }
  await clear(db, key);
  return touchLastLogin(db, user.id);
}

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Makes a single-use reset link when the account exists and answers the mail to send, or null
 * when there is none to send (no such account, or its hourly limit is used up).
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  appUrl: string,
  limits: AuthLimits,
): Promise<Mail | null> {
  const user = await userByEmail(db, email);
  if (!user) return null;
  const { count } = await hit(db, `reset:${user.id}`, limits.resetMails);
  if (count > limits.resetMails.max) return null;
  const token = randomBytes(32).toString("base64url");
  await insertPasswordReset(db, {
    userId: user.id,
    tokenHash: tokenHash(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: "Reset your CrewSwap password",
    text: [
      `Hello ${user.firstName},`,
      "",
      "Someone (hopefully you) asked to reset the password of your CrewSwap account.",
      `Open this link within one hour to choose a new password:`,
      link,
      "",
      "If you did not ask for this, you can ignore this email; your password stays as it is.",
    ].join("\n"),
  };
}

/**
 * Sets a new password from a valid token, uses up every reset link of the user, ends every
 * session of the user and gives the calendar feed a new address.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const hashed = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const resetUser = await useResetLink(tx, tokenHash(token));
    if (resetUser === null) throw badRequest(RESET_INVALID, "token");
    // Links mailed earlier must not change the new password again.
    await useUpResetLinks(tx, resetUser);
    await setNewPassword(tx, resetUser, hashed, newCalendarToken());
    await destroyUserSessions(tx, resetUser);
    return resetUser;
  });
  await publishSessionsEnded(db, { userId });
}

/** Ends the session and, on every instance, the sockets opened with it. */
export async function logout(db: Db, sid: string): Promise<void> {
  const ended = await destroySession(db, sid);
  if (ended) await publishSessionsEnded(db, { userId: ended.userId, sid: sessionKey(sid) });
}

/**
 * 'Change password': needs the current one; ends every other session and gives the calendar feed
 * a new address, so whoever had either loses it.
 */
export async function changePassword(
  db: Db,
  userId: number,
  sid: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  await confirmPassword(
    db,
    { userId, sid },
    input.currentPassword,
    new AppError(403, CURRENT_PASSWORD_WRONG, "currentPassword"),
  );
  const hashed = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await setNewPassword(tx, userId, hashed, newCalendarToken());
    await destroyOtherSessions(tx, userId, sid);
    // Reset links mailed before must not undo the change.
    await useUpResetLinks(tx, userId);
  });
  await publishSessionsEnded(db, { userId, keepSid: sessionKey(sid) });
}
