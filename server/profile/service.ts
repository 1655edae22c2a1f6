import { eq, inArray } from "drizzle-orm";
import { isAllowedEmail, NHS_EMAIL_MESSAGE } from "../../common/auth";
import { hubForBase } from "../../common/hubs";
import { type ProfileUpdate, reconcileSwapStatus } from "../../common/profile";
import type { Db } from "../db/open";
import { rateLimits, sessions, type UserRow, users } from "../db/schema";
import { badRequest, conflict, notFound } from "../errors";

export const EMAIL_TAKEN = "An account with this email already exists";

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * Saves the 'Personal Information' form. The hub always follows the base (DESIGN §5.2) and the
 * hidden actively-seeking flag always follows the urgency (SPEC §4).
 */
export async function updateProfile(
  db: Db,
  user: UserRow,
  input: ProfileUpdate,
  allowedDomains: string[],
): Promise<UserRow> {
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
  if (input.email !== undefined && input.email !== user.email.toLowerCase()) {
    if (!isAllowedEmail(input.email, allowedDomains)) throw badRequest(NHS_EMAIL_MESSAGE, "email");
    changes.email = input.email;
    // Sign-up copies the email into the username; keep them together so the old address is free again.
    if (user.username.toLowerCase() === user.email.toLowerCase()) changes.username = input.email;
  }
  if (Object.keys(changes).length === 0) return user;
  try {
    const [updated] = await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
    if (!updated) throw notFound("Account not found");
    return updated;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, "email");
    throw err;
  }
}

/**
 * Deletes the account and everything it owns in one transaction. Foreign keys cascade from users
 * to shifts, availability, swap requests (as requester or responder) with their offers and
 * messages, messages sent, sessions and password resets; the rate-limit counters are keyed by
 * text, so they go explicitly. Deleting the sessions rows signs the user out everywhere at once.
 */
export async function deleteAccount(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw notFound("Account not found");
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx
      .delete(rateLimits)
      .where(inArray(rateLimits.key, [`login:${user.email.toLowerCase()}`, `reset:${userId}`]));
    await tx.delete(users).where(eq(users.id, userId));
  });
}
