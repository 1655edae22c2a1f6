import { sql } from "drizzle-orm";
import type { ShiftType } from "../../common/enums";
import type { Db, Tx } from "../db/open";
import type { NotificationKind } from "./events";

export type WaitingRow = {
  id: number;
  kind: NotificationKind;
  swap_request_id: number;
  read_at: Date | null;
  context: { actorName: string; date: string; shiftType: ShiftType };
};

/** Users with an unread request or message older than the delay. */
export async function dueUsers(db: Db, delayMs: number): Promise<number[]> {
  const result = await db.execute<{ user_id: number }>(sql`
    select distinct user_id from notification_outbox
    where email_state = 'pending' and created_at <= now() - ${delayMs} * interval '1 millisecond'
    limit 200
  `);
  return result.rows.map((r) => r.user_id);
}

export type DigestSettings = { email: boolean; recent: boolean; address: string; first_name: string };

/** Locks the user's settings row (created with the defaults if missing); undefined if another instance has it. */
export async function lockSettings(tx: Tx, userId: number, delayMs: number): Promise<DigestSettings | undefined> {
  await tx.execute(sql`insert into notification_settings (user_id) values (${userId}) on conflict do nothing`);
  const result = await tx.execute<DigestSettings>(sql`
    select n.email, coalesce(n.last_digest_at > now() - ${delayMs} * interval '1 millisecond', false) as recent,
           u.email as address, u.first_name
    from notification_settings n join users u on u.id = n.user_id
    where n.user_id = ${userId}
    for update of n skip locked
  `);
  return result.rows[0];
}

export async function skipAllPending(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`
    update notification_outbox set email_state = 'off' where user_id = ${userId} and email_state = 'pending'
  `);
}

export async function waitingRows(tx: Tx, userId: number): Promise<WaitingRow[]> {
  const result = await tx.execute<WaitingRow>(sql`
    select o.id, o.kind, o.swap_request_id, o.read_at, o.context
    from notification_outbox o
    where o.user_id = ${userId} and o.email_state = 'pending'
    order by o.created_at, o.id
  `);
  return result.rows;
}

export async function stampDigest(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`update notification_settings set last_digest_at = now() where user_id = ${userId}`);
}

export async function finishEmailRows(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update notification_outbox
    set email_state = case when read_at is null then 'sent' else 'read' end
    where id = any(${`{${ids.join(",")}}`}::int[])
  `);
}
