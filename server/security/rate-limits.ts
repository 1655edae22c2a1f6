import type { Db } from "../db/open";
import { countHit, deleteHits } from "./queries";

/** At most `max` hits on a key within `windowMs`: failed logins, password checks, mails, imports. */
export type Limit = { max: number; windowMs: number };

/** Counts one hit on `key` in a fixed window; returns the count and seconds until the window resets. */
export async function hit(db: Db, key: string, limit: Limit) {
  const { count, ttlMs } = await countHit(db, key, limit.windowMs);
  return { count, retryAfter: ttlMs / 1000 };
}

export async function clear(db: Db, key: string) {
  await deleteHits(db, key);
}
