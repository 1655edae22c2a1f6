import { sql } from "drizzle-orm";
import type { Db } from "../db/open";

/** Sends a NOTIFY on the channel; every instance's listener receives it once committed. */
export async function notify(db: Db, channel: string, payload: string) {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
