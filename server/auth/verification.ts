import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/open";
import type { UserRow } from "../db/schema";
import { conflict, tooMany } from "../errors";
import type { Mail } from "../mail/mailer";
import { hit, type Limit } from "../security/rate-limits";
import { verificationMail } from "./account-mails";
import { lockUserByVerificationHash, setVerificationHash, updateUserIn } from "./queries";

export type EmailVerification = "required" | "off";

/** 'Resend' presses per account. */
const RESEND_LIMIT: Limit = { max: 5, windowMs: 60 * 60 * 1000 };

export const UNVERIFIED_MESSAGE =
  "Please confirm your email address first: open the link we emailed you, or press Resend on the banner.";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new single-use link token and the hash the users row keeps of it. */
export function newVerificationToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashOf(token) };
}

export const isVerified = (user: Pick<UserRow, "emailVerifiedAt">) => user.emailVerifiedAt !== null;

export type VerifyOutcome =
  | { kind: "verified" }
  | { kind: "email-changed"; firstName: string; oldEmail: string; newEmail: string }
  | { kind: "invalid" }
  | { kind: "taken" };

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * Opens a mailed link: the token must be the one last mailed. A sign-up's address becomes proven;
 * a pending new address replaces the old one ('taken' when another account got it meanwhile).
 */
export async function verifyEmail(db: Db, token: string): Promise<VerifyOutcome> {
  if (token.length < 20 || token.length > 200) return { kind: "invalid" };
  try {
    return await db.transaction(async (tx): Promise<VerifyOutcome> => {
      const user = await lockUserByVerificationHash(tx, hashOf(token));
      if (!user) return { kind: "invalid" };
      if (!user.pendingEmail) {
        if (user.emailVerifiedAt) return { kind: "invalid" };
        await updateUserIn(tx, user.id, { emailVerificationHash: null, emailVerifiedAt: new Date() });
        return { kind: "verified" };
      }
      const newEmail = user.pendingEmail;
      await updateUserIn(tx, user.id, {
        emailVerificationHash: null,
        emailVerifiedAt: new Date(),
        email: newEmail,
        pendingEmail: null,
        // Sign-up copies the email into the username; keep them together so the old address is free again.
        ...(user.username.toLowerCase() === user.email.toLowerCase() ? { username: newEmail } : {}),
      });
      return { kind: "email-changed", firstName: user.firstName, oldEmail: user.email, newEmail };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { kind: "taken" };
    throw err;
  }
}

/** 'Resend': a fresh link (the older one stops working), at most a few an hour. */
export async function resendVerification(db: Db, user: UserRow, appUrl: string): Promise<Mail> {
  if (isVerified(user) && !user.pendingEmail) throw conflict("Your email address is already confirmed");
  const attempt = await hit(db, `verify-mail:${user.id}`, RESEND_LIMIT);
  if (attempt.count > RESEND_LIMIT.max) {
    throw tooMany(attempt.retryAfter, "We have sent several links already. Please wait a while and try again.");
  }
  const { token, hash } = newVerificationToken();
  await setVerificationHash(db, user.id, hash);
  return verificationMail({ firstName: user.firstName, email: user.pendingEmail ?? user.email }, token, appUrl);
}
