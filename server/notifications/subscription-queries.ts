import { sql } from "drizzle-orm";
import type { PushSubscriptionInput } from "../../common/push";
import type { Db, Tx } from "../db/open";

/** Inserts the subscription, or moves a known endpoint to this user; true when it was new. */
export async function upsertSubscription(tx: Tx, userId: number, input: PushSubscriptionInput): Promise<boolean> {
  const result = await tx.execute<{ created: boolean }>(sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth)
    values (${userId}, ${input.endpoint}, ${input.keys.p256dh}, ${input.keys.auth})
    on conflict (endpoint) do update
      set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, failures = 0,
          failing_since = null
    returning (xmax = 0) as created
  `);
  return Boolean(result.rows[0]?.created);
}

/** Keeps the user's newest `keep` subscriptions. */
export async function trimSubscriptions(tx: Tx, userId: number, keep: number): Promise<void> {
  await tx.execute(sql`
    delete from push_subscriptions where id in (
      select id from push_subscriptions where user_id = ${userId}
      order by created_at desc, id desc offset ${keep}
    )
  `);
}

export async function deleteOwnSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db.execute(sql`delete from push_subscriptions where endpoint = ${endpoint} and user_id = ${userId}`);
}

export async function endpointsOf(db: Db, userId: number): Promise<string[]> {
  const result = await db.execute<{ endpoint: string }>(
    sql`select endpoint from push_subscriptions where user_id = ${userId} order by id`,
  );
  return result.rows.map((r) => r.endpoint);
}

export async function emailSettingOf(db: Db, userId: number): Promise<boolean | undefined> {
  const result = await db.execute<{ email: boolean }>(
    sql`select email from notification_settings where user_id = ${userId}`,
  );
  return result.rows[0]?.email;
}

export async function saveEmailSetting(db: Db, userId: number, email: boolean): Promise<void> {
  await db.execute(sql`
    insert into notification_settings (user_id, email) values (${userId}, ${email})
    on conflict (user_id) do update set email = excluded.email
  `);
}
