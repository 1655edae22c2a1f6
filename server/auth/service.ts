import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { isAllowedEmail, NHS_EMAIL_MESSAGE, type RegisterInput } from "../../common/auth";
import { hubForBase } from "../../common/hubs";
import type { Db } from "../db/open";
import { passwordResets, sessions, type UserRow, users } from "../db/schema";
import { AppError, badRequest, conflict, tooMany } from "../errors";
import type { Mail } from "../mail/mailer";
import { hashPassword, verifyPassword } from "./passwords";
import { clear, hit, type Limit } from "./throttle";

export type AuthLimits = { failedLogins: Limit; resetMails: Limit };

export const defaultAuthLimits: AuthLimits = {
  failedLogins: { max: 10, windowMs: 15 * 60 * 1000 },
  resetMails: { max: 5, windowMs: 60 * 60 * 1000 },
};

const INVALID_LOGIN = "Invalid email or password";
export const USERNAME_IS_OTHER_EMAIL = "A username that is an email address must be your own email";
export const RESET_INVALID = "This reset link is invalid or has expired";
const RESET_TTL_MS = 60 * 60 * 1000;

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

function isUniqueViolation(err: unknown): err is { constraint?: string } {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export function constraintOf(err: unknown): string | undefined {
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  return e?.constraint ?? e?.cause?.constraint;
}

export async function register(db: Db, input: RegisterInput, allowedDomains: string[]): Promise<UserRow> {
  if (!isAllowedEmail(input.email, allowedDomains)) throw badRequest(NHS_EMAIL_MESSAGE, "email");
  // Sign-up copies the email into the username, so someone else's work address as a username
  // would stop its owner from ever signing up.
  if (isAllowedEmail(input.username, allowedDomains) && input.username.toLowerCase() !== input.email) {
    throw badRequest(USERNAME_IS_OTHER_EMAIL, "username");
  }
  const password = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({
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
        lastLoginAt: new Date(),
      })
      .returning();
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) {
      if (constraintOf(err) === "users_username_unique") throw conflict("This username is already taken", "username");
      throw conflict("An account with this email already exists", "email");
    }
    throw err;
  }
}

export async function login(db: Db, email: string, password: string, limits: AuthLimits): Promise<UserRow> {
  const key = `login:${email.toLowerCase()}`;
  // Every attempt is counted in one atomic step before the password is checked, so guesses sent
  // in parallel cannot all pass a check made before any of them was counted. Success clears it.
  const attempt = await hit(db, key, limits.failedLogins);
  if (attempt.count > limits.failedLogins.max) {
    throw tooMany(attempt.retryAfter, "Too many failed sign-in attempts. Please wait 15 minutes and try again.");
  }
  const [user] = await db.select().from(users).where(byEmail(email)).limit(1);
  if (!(await verifyPassword(user?.password, password)) || !user) {
    throw new AppError(401, INVALID_LOGIN);
  }
  await clear(db, key);
  const [updated] = await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id)).returning();
  return updated;
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
  const [user] = await db.select().from(users).where(byEmail(email)).limit(1);
  if (!user) return null;
  const { count } = await hit(db, `reset:${user.id}`, limits.resetMails);
  if (count > limits.resetMails.max) return null;
  const token = randomBytes(32).toString("base64url");
  await db.insert(passwordResets).values({
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
 * Sets a new password from a valid token, uses up every reset link of the user and ends every
 * session of the user.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const hashed = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!reset) throw badRequest(RESET_INVALID, "token");
    // Links mailed earlier must not change the new password again.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    await tx.update(users).set({ password: hashed }).where(eq(users.id, reset.userId));
    await tx.delete(sessions).where(eq(sessions.userId, reset.userId));
  });
}
