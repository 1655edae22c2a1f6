import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { appSecrets, rateLimits } from "../db/schema";

/** Counts one hit on `key` in a fixed window; returns the count and milliseconds until the window resets. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
  const reset = sql`now() + ${`${windowMs} milliseconds`}::interval`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`${reset}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${reset} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      ttlMs: sql<number>`greatest(0, extract(epoch from ${rateLimits.resetAt} - now()) * 1000)::float`,
    });
  return row;
}

/** The current count on `key` without counting (0 when its window is over). */
export async function readHits(db: Db, key: string): Promise<{ count: number; ttlMs: number }> {
  const [row] = await db
    .select({
      count: rateLimits.count,
      ttlMs: sql<number>`greatest(0, extract(epoch from ${rateLimits.resetAt} - now()) * 1000)::float`,
    })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
  return row ?? { count: 0, ttlMs: 0 };
}

/** Forgets the count on `key` (a login that succeeded starts its next window afresh). */
export async function deleteHits(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * Keeps `candidate` as the secret `name` unless one is kept already, and returns the kept one: of
 * several instances starting together on a new database, all use the first one stored.
 */
export async function keepSecret(db: Db, name: string, candidate: () => string): Promise<string> {
  const [kept] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (kept) return kept.value;
  await db.insert(appSecrets).values({ name, value: candidate() }).onConflictDoNothing();
  const [stored] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return stored.value;
}
