import { sql } from "drizzle-orm";
import type { Db } from "../db/open";

export const EVENTS_CHANNEL = "crewswap_events";

export type RealtimeEvent = {
  type: "NEW_MESSAGE" | "SWAP_UPDATED";
  payload: { swapRequestId: number };
};

/**
 * Sends an event to the sockets of the given users on every app instance, through
 * PostgreSQL NOTIFY. Call it after the transaction that caused it has committed.
 */
export async function publishToUsers(db: Db, userIds: number[], event: RealtimeEvent): Promise<void> {
  const to = [...new Set(userIds.filter((id) => Number.isInteger(id)))];
  if (to.length === 0) return;
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ to, event })})`);
}
