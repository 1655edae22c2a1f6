import { sql } from "drizzle-orm";
import type { PushSubscriptionInput } from "../../common/push";
import type { Db, Tx } from "../db/open";
import { notificationSettings as n, pushSubscriptions as p } from "../db/schema";

/** A column as an insert list, conflict target or set clause names it: bare, without its table. */
const bare = (c: { name: string }) => sql.identifier(c.name);

/** Inserts the subscription, or moves a known endpoint to this user; true when it was new. */
export async function upsertSubscription(tx: Tx, userId: number, input: PushSubscriptionInput): Promise<boolean> {
  const result = await tx.execute<{ created: boolean }>(sql`
    insert into ${p} (${bare(p.userId)}, ${bare(p.endpoint)}, ${bare(p.p256dh)}, ${bare(p.auth)})
    values (${userId}, ${input.endpoint}, ${input.keys.p256dh}, ${input.keys.auth})
    on conflict (${bare(p.endpoint)}) do update
      set ${bare(p.userId)} = excluded.${bare(p.userId)}, ${bare(p.p256dh)} = excluded.${bare(p.p256dh)},
          ${bare(p.auth)} = excluded.${bare(p.auth)}, ${bare(p.failures)} = 0, ${bare(p.failingSince)} = null
    returning (xmax = 0) as created
  `);
  return Boolean(result.rows[0]?.created);
}

/** Keeps the user's newest `keep` subscriptions. */
export async function trimSubscriptions(tx: Tx, userId: number, keep: number): Promise<void> {
  await tx.execute(sql`
    delete from ${p} where ${p.id} in (
      select ${p.id} from ${p} where ${p.userId} = ${userId}
      order by ${p.createdAt} desc, ${p.id} desc offset ${keep}
    )
  `);
}

export async function deleteOwnSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db.execute(sql`delete from ${p} where ${p.endpoint} = ${endpoint} and ${p.userId} = ${userId}`);
}

export async function endpointsOf(db: Db, userId: number): Promise<string[]> {
  const result = await db.execute<{ endpoint: string }>(
    sql`select ${p.endpoint} as endpoint from ${p} where ${p.userId} = ${userId} order by ${p.id}`,
  );
  return result.rows.map((r) => r.endpoint);
}

export async function emailSettingOf(db: Db, userId: number): Promise<boolean | undefined> {
  const result = await db.execute<{ email: boolean }>(
    sql`select ${n.email} as email from ${n} where ${n.userId} = ${userId}`,
  );
  return result.rows[0]?.email;
}

export async function saveEmailSetting(db: Db, userId: number, email: boolean): Promise<void> {
  await db.execute(sql`
    insert into ${n} (${bare(n.userId)}, ${bare(n.email)}) values (${userId}, ${email})
    on conflict (${bare(n.userId)}) do update set ${bare(n.email)} = excluded.${bare(n.email)}
  `);
}
