import { eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/open";
import { rateLimits, sessions, users } from "../db/schema";

export async function updateUserReturning(tx: Tx, userId: number, changes: Partial<typeof users.$inferInsert>) {
  const [updated] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
  return updated as typeof updated | undefined;
}

export async function lockUser(tx: Tx, userId: number) {
  const [user] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return user;
}

/**
 * Deletes the user; foreign keys cascade to what they own. The rate-limit counters are keyed by
 * text, so they go explicitly, and the sessions first, so the user is signed out everywhere at once.
 */
export async function deleteUserAndTraces(tx: Tx, userId: number, email: string) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(rateLimits).where(
    or(
      inArray(rateLimits.key, [`reset:${userId}`, `verify-mail:${userId}`, `import:${userId}`]),
      // Failed sign-ins are counted per account and address (login:{email}|{address}), wrong
      // passwords of a signed-in session per session (reauth:{userId}|{session}, auth/reauth.ts).
      sql`starts_with(${rateLimits.key}, ${`login:${email.toLowerCase()}|`})`,
      sql`starts_with(${rateLimits.key}, ${`reauth:${userId}|`})`,
    ),
  );
  await tx.delete(users).where(eq(users.id, userId));
}

/** Who holds this address already (lower-cased), if anyone. */
export async function userIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const [holder] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return holder?.id;
}
