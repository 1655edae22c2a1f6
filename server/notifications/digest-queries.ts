import { sql } from "drizzle-orm";
import type { ShiftType } from "../../common/enums";
import type { Db, Tx } from "../db/open";
import { notificationSettings as n, notificationOutbox as o, users } from "../db/schema";
import type { NotificationKind } from "./events";
import type { COVER_ALERT_KIND } from "./outbox-queries";

export type WaitingRow = {
  id: number;
  kind: NotificationKind | typeof COVER_ALERT_KIND;
  swapRequestId: number | null;
  readAt: Date | null;
  /** The push's text: a cover alert's digest line. */
  body: string;
  context: { actorName: string; date: string; shiftType: ShiftType };
};

/**
 * When a row waits for the digest from: its push's release when quiet time held it (a held push is
 * not yet delivered), else its creation.
 */
const waitingSince = sql`coalesce(${o.pushHeldUntil}, ${o.createdAt})`;

/** The later of the app's clock and the database's own (which stamps the rows), as the push worker reads it. */
const nowOf = (now: Date) => sql`greatest(now(), ${now})`;

/**
 * Rows the digest may count: not a push still held by quiet time, nor, for a user with quiet
 * times, one the push worker has not looked at yet or is looking at (it may be about to hold it;
 * both workers run in every instance, so this is the moment between a commit and the claim that
 * sends or holds it). Rows of users without quiet times count as they always have.
 */
const countable = (now: Date) => sql`(${o.pushHeldUntil} is null or ${o.pushHeldUntil} <= ${nowOf(now)})
  and not (${o.pushState} = 'pending' and ${o.pushHeldUntil} is null
           and (${o.pushAttempts} = 0 or ${o.pushLeaseUntil} > now())
           and exists (select 1 from ${n} where ${n.userId} = ${o.userId}
                         and (${n.quietStart} is not null or ${n.quietAfterNightUntil} is not null)))`;

/** Users with an unread request or message waiting longer than the delay. */
export async function dueUsers(db: Db, now: Date, delayMs: number): Promise<number[]> {
  const result = await db.execute<{ userId: number }>(sql`
    select distinct ${o.userId} as "userId" from ${o}
    where ${o.emailState} = 'pending' and ${waitingSince} <= ${nowOf(now)} - ${delayMs} * interval '1 millisecond'
      and ${countable(now)}
    limit 200
  `);
  return result.rows.map((r) => r.userId);
}

export type DigestSettings = { email: boolean; recent: boolean; address: string; firstName: string };

/** Locks the user's settings row (created with the defaults if missing); undefined if another instance has it. */
export async function lockSettings(
  tx: Tx,
  userId: number,
  now: Date,
  delayMs: number,
): Promise<DigestSettings | undefined> {
  await tx.insert(n).values({ userId }).onConflictDoNothing();
  const result = await tx.execute<DigestSettings>(sql`
    select ${n.email} as email, coalesce(${n.lastDigestAt} > ${nowOf(now)} - ${delayMs} * interval '1 millisecond', false) as recent,
           ${users.email} as address, ${users.firstName} as "firstName"
    from ${n} join ${users} on ${users.id} = ${n.userId}
    where ${n.userId} = ${userId}
    for update of ${n} skip locked
  `);
  return result.rows[0];
}

export async function skipAllPending(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`
    update ${o} set ${sql.identifier(o.emailState.name)} = 'off' where ${o.userId} = ${userId} and ${o.emailState} = 'pending'
  `);
}

/** Everything waiting for the user's digest, but pushes still held (or perhaps about to be) by their quiet time. */
export async function waitingRows(tx: Tx, userId: number, now: Date): Promise<WaitingRow[]> {
  const result = await tx.execute<WaitingRow>(sql`
    select ${o.id} as id, ${o.kind} as kind, ${o.swapRequestId} as "swapRequestId", ${o.readAt} as "readAt", ${o.body} as body,
           ${o.context} as context
    from ${o}
    where ${o.userId} = ${userId} and ${o.emailState} = 'pending'
      and ${countable(now)}
    order by ${o.createdAt}, ${o.id}
  `);
  return result.rows;
}

export async function stampDigest(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`update ${n} set ${sql.identifier(n.lastDigestAt.name)} = ${nowOf(now)} where ${n.userId} = ${userId}`,
  );
}

export async function finishEmailRows(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${o}
    set ${sql.identifier(o.emailState.name)} = case when ${o.readAt} is null then 'sent' else 'read' end
    where ${o.id} = any(${`{${ids.join(",")}}`}::int[])
  `);
}
