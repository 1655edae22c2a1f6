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

/** Users with an unread request or message older than the delay. */
export async function dueUsers(db: Db, delayMs: number): Promise<number[]> {
  const result = await db.execute<{ userId: number }>(sql`
    select distinct ${o.userId} as "userId" from ${o}
    where ${o.emailState} = 'pending' and ${o.createdAt} <= now() - ${delayMs} * interval '1 millisecond'
    limit 200
  `);
  return result.rows.map((r) => r.userId);
}

export type DigestSettings = { email: boolean; recent: boolean; address: string; firstName: string };

/** Locks the user's settings row (created with the defaults if missing); undefined if another instance has it. */
export async function lockSettings(tx: Tx, userId: number, delayMs: number): Promise<DigestSettings | undefined> {
  await tx.insert(n).values({ userId }).onConflictDoNothing();
  const result = await tx.execute<DigestSettings>(sql`
    select ${n.email} as email, coalesce(${n.lastDigestAt} > now() - ${delayMs} * interval '1 millisecond', false) as recent,
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

export async function waitingRows(tx: Tx, userId: number): Promise<WaitingRow[]> {
  const result = await tx.execute<WaitingRow>(sql`
    select ${o.id} as id, ${o.kind} as kind, ${o.swapRequestId} as "swapRequestId", ${o.readAt} as "readAt", ${o.body} as body,
           ${o.context} as context
    from ${o}
    where ${o.userId} = ${userId} and ${o.emailState} = 'pending'
    order by ${o.createdAt}, ${o.id}
  `);
  return result.rows;
}

export async function stampDigest(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`update ${n} set ${sql.identifier(n.lastDigestAt.name)} = now() where ${n.userId} = ${userId}`);
}

export async function finishEmailRows(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${o}
    set ${sql.identifier(o.emailState.name)} = case when ${o.readAt} is null then 'sent' else 'read' end
    where ${o.id} = any(${`{${ids.join(",")}}`}::int[])
  `);
}
