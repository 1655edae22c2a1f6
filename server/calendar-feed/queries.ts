import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { shifts, users } from "../db/schema";

export async function tokenOf(db: Db, userId: number) {
  const [row] = await db.select({ token: users.calendarToken }).from(users).where(eq(users.id, userId));
  return row?.token ?? null;
}

export async function setTokenIfNone(db: Db, userId: number, token: string) {
  await db
    .update(users)
    .set({ calendarToken: token })
    .where(and(eq(users.id, userId), isNull(users.calendarToken)));
}

export async function setToken(db: Db, userId: number, token: string) {
  await db.update(users).set({ calendarToken: token }).where(eq(users.id, userId));
}

/** The feed's owner and the version of the feed last served (its ETag, and since when). */
export async function ownerOfToken(db: Db, token: string) {
  const [owner] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      etag: users.calendarFeedEtag,
      changedAt: users.calendarFeedChangedAt,
    })
    .from(users)
    .where(eq(users.calendarToken, token));
  return owner;
}

/** Records a new version of the user's feed; answers when it changed (the database's clock). */
export async function recordFeedVersion(db: Db, userId: number, etag: string) {
  const [changed] = await db
    .update(users)
    .set({ calendarFeedEtag: etag, calendarFeedChangedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ at: users.calendarFeedChangedAt });
  return changed?.at;
}

/** The user's shifts from the day on, by date. */
export function shiftsFrom(db: Db, userId: number, from: string) {
  return db
    .select()
    .from(shifts)
    .where(and(eq(shifts.userId, userId), gte(shifts.date, from)))
    .orderBy(asc(shifts.date), asc(shifts.id));
}
