import { sql } from "drizzle-orm";
import type { ShiftType } from "../../common/enums";
import type { Db, Tx } from "../db/open";
import { notificationOutbox } from "../db/schema";

export type ContextRow = {
  requester_id: number;
  responder_id: number | null;
  actor_first: string;
  actor_last: string;
  shift_date: string;
  shift_type: ShiftType;
};

/** The request's parties, the actor's name and the requester's shift: what the texts are made of. */
export async function eventContext(tx: Tx, swapRequestId: number, actorId: number): Promise<ContextRow | undefined> {
  const result = await tx.execute<ContextRow>(sql`
    select r.requester_id, r.responder_id, a.first_name as actor_first, a.last_name as actor_last,
           s.date as shift_date, s.shift_type
    from swap_requests r
    join shifts s on s.id = r.requester_shift_id
    join users a on a.id = ${actorId}
    where r.id = ${swapRequestId}
  `);
  return result.rows[0];
}

export type OutboxInsert = typeof notificationOutbox.$inferInsert;

export async function insertOutbox(tx: Tx, rows: OutboxInsert[]): Promise<void> {
  if (rows.length) await tx.insert(notificationOutbox).values(rows);
}

export async function markOutboxRead(db: Tx | Db, userId: number, swapRequestId: number): Promise<void> {
  await db.execute(sql`
    update notification_outbox set read_at = now()
    where user_id = ${userId} and swap_request_id = ${swapRequestId} and read_at is null
  `);
}
