import { sql } from "drizzle-orm";
import type { Tx } from "../db/open";

export const intList = (ids: number[]) => sql`${`{${ids.join(",")}}`}::int[]`;
export const dayList = (days: string[]) => sql`${`{${days.join(",")}}`}::date[]`;

/** Ids of the given shifts that swap requests point at (as the requester's shift or an offer), and which of those are open. */
export async function swapLinks(tx: Tx, ids: number[]) {
  const open = new Set<number>();
  const referenced = new Set<number>();
  if (ids.length === 0) return { open, referenced };
  const { rows } = await tx.execute<{ id: number; open: boolean }>(sql`
    select r.requester_shift_id as id, r.status in ('pending', 'accepted') as open
      from swap_requests r where r.requester_shift_id = any(${intList(ids)})
    union all
    select o.shift_id as id, r.status in ('pending', 'accepted') as open
      from swap_request_offers o join swap_requests r on r.id = o.swap_request_id
      where o.shift_id = any(${intList(ids)})`);
  for (const row of rows) {
    referenced.add(row.id);
    if (row.open) open.add(row.id);
  }
  return { open, referenced };
}

/**
 * The user's days among `days` that are their Available Off Day in an open request they were asked
 * to cover: working there would leave the request pointing at an off day that is gone.
 */
export async function offDaysInOpenRequests(tx: Tx, userId: number, days: string[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const { rows } = await tx.execute<{ date: string }>(sql`
    select distinct to_char(a.date, 'YYYY-MM-DD') as "date"
      from swap_requests r join user_availability a on a.id = r.responder_availability_id
     where r.responder_id = ${userId} and r.status in ('pending', 'accepted')
       and a.date = any(${dayList(days)})`);
  return new Set(rows.map((r) => r.date));
}

/** A day on which a completed swap moved a shift to or from the user (DESIGN §5.7, §5.16). */
export type SwappedDay = { date: string; swapRequestId: number; otherName: string; grsApproved: boolean };

/**
 * The user's days among `days` that a completed swap changed: the requester's shift's day and the
 * chosen return shift's day, whichever side the user was on. The latest swap of a day names it.
 */
export async function swappedDays(tx: Tx, userId: number, days: string[]): Promise<Map<string, SwappedDay>> {
  const found = new Map<string, SwappedDay>();
  if (days.length === 0) return found;
  const { rows } = await tx.execute<SwappedDay>(sql`
    select to_char(s.date, 'YYYY-MM-DD') as "date", r.id as "swapRequestId", r.grs_approved as "grsApproved",
           u.first_name || ' ' || u.last_name as "otherName"
      from swap_requests r
      join shifts s on s.id in (r.requester_shift_id, r.accepted_offer_shift_id)
      join users u on u.id = case when r.requester_id = ${userId} then r.responder_id else r.requester_id end
     where r.status = 'completed'
       and (r.requester_id = ${userId} or r.responder_id = ${userId})
       and s.date = any(${dayList(days)})
     order by r.updated_at desc, r.id desc`);
  for (const row of rows) if (!found.has(row.date)) found.set(row.date, row);
  return found;
}
