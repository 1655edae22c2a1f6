import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/open";
import { passwordResets, type UserRow, users } from "../db/schema";

// ---- Accounts

export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return user;
}

export async function touchLastLogin(db: Db, userId: number): Promise<UserRow> {
  const [updated] = await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId)).returning();
  return updated;
}

export async function insertPasswordReset(db: Db, row: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(row);
}

export async function passwordOf(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, userId));
  return row?.password;
}

/**
 * Frees an address (as email or username) held by an account that never proved it and is older
 * than `staleBefore`, so the real owner can sign up.
 */
export async function deleteStaleUnverified(tx: Tx, email: string, staleBefore: Date) {
  await tx
    .delete(users)
    .where(
      and(
        or(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`lower(${users.username}) = ${email.toLowerCase()}`),
        isNull(users.emailVerifiedAt),
        lt(users.createdAt, staleBefore),
      ),
    );
}

export async function insertUserIn(tx: Tx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row;
}

/** The id of the account whose email is `email` (already lower case), if any. */
// ---- Address verification

/** The user whose last mailed link has this hash, locked until the transaction ends. */
export async function lockUserByVerificationHash(tx: Tx, hash: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.emailVerificationHash, hash)).for("update");
  return user;
}

export async function updateUserIn(tx: Tx, userId: number, changes: Partial<typeof users.$inferInsert>) {
  await tx.update(users).set(changes).where(eq(users.id, userId));
}

export async function setVerificationHash(db: Db, userId: number, hash: string) {
  await db.update(users).set({ emailVerificationHash: hash }).where(eq(users.id, userId));
}

// ---- Passwords

/** Uses up the unused, unexpired reset link with this token hash; answers its user, or null. */
export async function useResetLink(tx: Tx, hash: string): Promise<number | null> {
  const [reset] = await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(eq(passwordResets.tokenHash, hash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())),
    )
    .returning();
  return reset ? reset.userId : null;
}

export async function useUpResetLinks(tx: Tx, userId: number) {
  await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Sets a new password; the calendar feed gets a new address (an account without a feed stays
 * without) and an email change waiting for its link is cancelled (a sign-up's own link stays).
 */
export async function setNewPassword(tx: Tx, userId: number, hashedPassword: string, feedToken: string) {
  await tx
    .update(users)
    .set({
      password: hashedPassword,
      calendarToken: sql`case when ${users.calendarToken} is null then null else ${feedToken} end`,
      pendingEmail: null,
      emailVerificationHash: sql`case when ${users.pendingEmail} is null then ${users.emailVerificationHash} end`,
    })
    .where(eq(users.id, userId));
}
