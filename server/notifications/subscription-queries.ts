import { sql } from "drizzle-orm";
import type { Hub } from "../../common/hubs";
import type { PushSubscriptionInput } from "../../common/push";
import type { Db, Tx } from "../db/open";
import { notificationSettings as n, pushSubscriptions as p, users } from "../db/schema";

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

export async function saveEmailSetting(db: Db | Tx, userId: number, email: boolean): Promise<void> {
  await db.execute(sql`
    insert into ${n} (${bare(n.userId)}, ${bare(n.email)}) values (${userId}, ${email})
    on conflict (${bare(n.userId)}) do update set ${bare(n.email)} = excluded.${bare(n.email)}
  `);
}

export type StoredSettings = {
  email: boolean;
  coverAlerts: boolean;
  followAllHubs: boolean;
  /** Null while the user has not chosen: their own hub. */
  followedHubs: Hub[] | null;
  ownHub: Hub | null;
  quietStart: string | null;
  quietEnd: string | null;
  quietAfterNightUntil: string | null;
  /** Null while the user has not chosen: the server's default. */
  coverAlertsPerDay: number | null;
};

/** The user's choices with the defaults filled in where they have no row yet. */
export async function settingsOf(db: Db, userId: number): Promise<StoredSettings | undefined> {
  const result = await db.execute<StoredSettings>(sql`
    select coalesce(${n.email}, true) as email, coalesce(${n.coverAlerts}, true) as "coverAlerts",
           coalesce(${n.followAllHubs}, false) as "followAllHubs", array_to_json(${n.followedHubs}) as "followedHubs",
           ${users.hub} as "ownHub", ${n.quietStart} as "quietStart", ${n.quietEnd} as "quietEnd",
           ${n.quietAfterNightUntil} as "quietAfterNightUntil", ${n.coverAlertsPerDay} as "coverAlertsPerDay"
    from ${users} left join ${n} on ${n.userId} = ${users.id}
    where ${users.id} = ${userId}
  `);
  return result.rows[0];
}

export type StoredChoices = Partial<
  Pick<
    typeof n.$inferInsert,
    | "coverAlerts"
    | "followAllHubs"
    | "followedHubs"
    | "quietStart"
    | "quietEnd"
    | "quietAfterNightUntil"
    | "coverAlertsPerDay"
  >
>;

/** Saves the choices given; the others keep their stored value (or default). */
export async function saveChoices(db: Db | Tx, userId: number, changes: StoredChoices): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .insert(n)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: n.userId, set: changes });
}
