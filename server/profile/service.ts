import { isAllowedEmail, NHS_EMAIL_MESSAGE } from "../../common/auth";
import { hubForBase } from "../../common/hubs";
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  DELETE_PASSWORD_WRONG,
  type ProfileUpdate,
  reconcileSwapStatus,
} from "../../common/profile";
import { emailChangedMail, emailChangeRequestedMail, verificationMail } from "../auth/account-mails";
import { confirmPassword } from "../auth/reauth";
import { destroyOtherSessions, sessionKey } from "../auth/sessions";
import { type EmailVerification, newVerificationToken } from "../auth/verification";
import type { Db } from "../db/open";
import type { UserRow, users } from "../db/schema";
import { AppError, badRequest, conflict, notFound } from "../errors";
import { publishSessionsEnded } from "../events/publish";
import type { Mail } from "../mail/mailer";
import { endRequestsOfLeavingUser } from "../swaps/leave-three-way";
import { deleteUserAndTraces, lockUser, updateUserReturning, userIdByEmail } from "./queries";

export const EMAIL_TAKEN = "An account with this email already exists";

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export type ProfileContext = {
  allowedDomains: string[];
  appUrl: string;
  emailVerification: EmailVerification;
  /** The cookie session id of the caller: it stays signed in when the others are ended. */
  sid: string;
};

/**
 * Saves the 'Personal Information' form. The hub always follows the base (DESIGN §5.2) and the
 * hidden actively-seeking flag always follows the urgency (SPEC §4). A new email needs the
 * current password, ends the other sessions and is told to the old address; where addresses
 * must be proven, the account keeps the old one until the new one's link is opened.
 */
export async function updateProfile(
  db: Db,
  user: UserRow,
  input: ProfileUpdate,
  ctx: ProfileContext,
): Promise<{ user: UserRow; mails: Mail[] }> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.clinicalGrade !== undefined) changes.clinicalGrade = input.clinicalGrade;
  if (input.experience !== undefined) changes.experience = input.experience ? input.experience : null;
  if (input.paramedicBase !== undefined) {
    changes.paramedicBase = input.paramedicBase;
    changes.hub = hubForBase(input.paramedicBase);
  }
  Object.assign(changes, reconcileSwapStatus(input));
  const emailChanges = input.email !== undefined && input.email !== user.email.toLowerCase();
  let verificationToken: string | undefined;
  if (emailChanges && input.email) {
    if (!isAllowedEmail(input.email, ctx.allowedDomains)) throw badRequest(NHS_EMAIL_MESSAGE, "email");
    if (!input.currentPassword) throw badRequest(CURRENT_PASSWORD_REQUIRED, "currentPassword");
    await confirmPassword(
      db,
      { userId: user.id, sid: ctx.sid },
      input.currentPassword,
      new AppError(403, CURRENT_PASSWORD_WRONG, "currentPassword"),
    );
    if (ctx.emailVerification === "required") {
      // The account keeps its proven address until the new one's link is opened (verification.ts).
      if ((await userIdByEmail(db, input.email)) !== undefined) throw conflict(EMAIL_TAKEN, "email");
      const fresh = newVerificationToken();
      verificationToken = fresh.token;
      changes.pendingEmail = input.email;
      changes.emailVerificationHash = fresh.hash;
    } else {
      changes.email = input.email;
      // Sign-up copies the email into the username; keep them together so the old address is free again.
      if (user.username.toLowerCase() === user.email.toLowerCase()) changes.username = input.email;
    }
  }
  if (Object.keys(changes).length === 0) return { user, mails: [] };
  try {
    const updated = await db.transaction(async (tx) => {
      const row = await updateUserReturning(tx, user.id, changes);
      if (!row) throw notFound("Account not found");
      if (emailChanges) await destroyOtherSessions(tx, user.id, ctx.sid);
      return row;
    });
    if (emailChanges) await publishSessionsEnded(db, { userId: user.id, keepSid: sessionKey(ctx.sid) });
    const mails: Mail[] = [];
    if (emailChanges && verificationToken && input.email) {
      mails.push(emailChangeRequestedMail(updated, user.email, input.email));
      mails.push(verificationMail({ firstName: updated.firstName, email: input.email }, verificationToken, ctx.appUrl));
    } else if (emailChanges) {
      mails.push(emailChangedMail(updated, user.email, updated.email, ctx.appUrl));
    }
    return { user: updated, mails };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, "email");
    throw err;
  }
}

/**
 * Deletes the account and everything it owns in one transaction, once the password is confirmed.
 * Foreign keys cascade from users to shifts, availability, swap requests (as requester or
 * responder) with their offers and messages, messages sent, sessions and password resets; the
 * rate-limit counters are keyed by text, so they go explicitly. Deleting the sessions rows signs
 * the user out everywhere at once.
 */
export async function deleteAccount(db: Db, userId: number, sid: string, password: string): Promise<void> {
  await confirmPassword(db, { userId, sid }, password, new AppError(403, DELETE_PASSWORD_WRONG, "password"));
  await db.transaction(async (tx) => {
    await endRequestsOfLeavingUser(tx, userId);
    const user = await lockUser(tx, userId);
    if (!user) throw notFound("Account not found");
    await deleteUserAndTraces(tx, userId, user.email);
  });
  await publishSessionsEnded(db, { userId });
}
