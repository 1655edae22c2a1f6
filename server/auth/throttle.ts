import { sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { rateLimits } from "../db/schema";

export type Limit = { max: number; windowMs: number };

/** Counts one hit on `key` in a fixed window; returns the count and seconds until the window resets. */
export async function hit(db: Db, key: string, limit: Limit) {
  const reset = sql`now() + ${`${limit.windowMs} milliseconds`}::interval`;
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
      retryAfter: sql<number>`extract(epoch from ${rateLimits.resetAt} - now())::float`,
    });
  return row;
}

export async function clear(db: Db, key: string) {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
