import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/open";

/** Sends a NOTIFY on the channel; every instance's listener receives it once the transaction commits. */
export async function notify(db: Db | Tx, channel: string, payload: string) {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
