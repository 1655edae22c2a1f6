import { and, eq, gt, inArray, lt, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/open";
import { preparedPerDb } from "../db/prepared";
import { passwordResets, rateLimits, sessions, type UserRow, users } from "../db/schema";

/** A session unused for this long has ended, Remember me or not. */
export const IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

// Every function here takes the stored session key (the SHA-256 of the cookie's id, see sessions.ts).

export async function insertSessionRow(db: Db, row: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(row);
}

/** Every request runs this lookup: prepared once per database (and planned once per connection). */
const sessionLookup = preparedPerDb((db) =>
  db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.sid, sql.placeholder("key")),
        gt(sessions.expire, sql.placeholder("now")),
        gt(sessions.lastSeenAt, sql.placeholder("idleSince")),
      ),
    )
    .limit(1)
    .prepare("user_for_session"),
);

/** The user of a live session (neither expired nor idle at `now`) and when it was last seen. */
export async function liveSessionUser(
  db: Db,
  key: string,
  now: Date,
): Promise<{ user: UserRow; lastSeenAt: Date } | undefined> {
  const [row] = await sessionLookup(db).execute({ key, now, idleSince: new Date(now.getTime() - IDLE_TIMEOUT_MS) });
  return row;
}

export async function touchSession(db: Db, key: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.sid, key));
}

/** Deletes the session; answers whose it was, if it existed. */
export async function deleteSession(db: Db, key: string): Promise<{ userId: number } | undefined> {
  const [ended] = await db.delete(sessions).where(eq(sessions.sid, key)).returning({ userId: sessions.userId });
  return ended;
}

export async function destroyUserSessions(db: Db | Tx, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Deletes every session of the user but the one with the key `keepKey`. */
export async function deleteOtherSessions(db: Db | Tx, userId: number, keepKey: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.sid, keepKey)));
}

/** The user's live sessions, most recently used first. */
export async function liveSessionsOf(db: Db, userId: number, now: Date) {
  return db
    .select({
      sid: sessions.sid,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expire, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
      ),
    )
    .orderBy(sql`${sessions.lastSeenAt} desc`);
}

/** Hourly housekeeping: ended sessions (expired or idle), spent limit windows and old reset links. */
export async function purgeExpired(db: Db) {
  const now = new Date();
  await db
    .delete(sessions)
    .where(or(lt(sessions.expire, now), lt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS))));
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}

/** Which of the stored session keys (hashed ids) still belong to a session that has not ended. */
export async function liveSessionIds(db: Db, sids: string[]): Promise<Set<string>> {
  const now = new Date();
  const rows = await db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(
      and(
        inArray(sessions.sid, sids),
        gt(sessions.expire, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
      ),
    );
  return new Set(rows.map((r) => r.sid));
}
