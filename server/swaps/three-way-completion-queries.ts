import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../db/open";
import { shifts, swapRequestParties, swapRequests } from "../db/schema";

const intList = (ids: number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/**
 * Other open requests a completed three-way swap makes impossible (decision 038): those for a moved
 * or replaced shift, pairwise or three-way, and those counting on a day the swap made a working day
 * (a responder's off day, or a three-way party's off day for the shift they would take).
 */
export async function requestsBrokenByThreeWay(
  tx: Tx,
  exceptId: number,
  moved: number[],
  taken: { userId: number; date: string }[],
): Promise<{ id: number; because: "shift_swapped" | "day_taken" }[]> {
  const r = alias(swapRequests, "r");
  const s = alias(shifts, "s");
  const [p, q] = [alias(swapRequestParties, "p"), alias(swapRequestParties, "q")];
  const t = alias(shifts, "t");
  const takenRows = sql.join(
    taken.map((d) => sql`(${d.userId}::int, ${d.date}::date)`),
    sql`, `,
  );
  const result = await tx.execute<{ id: number; because: "shift_swapped" | "day_taken" }>(sql`
    with taken(uid, day) as (values ${takenRows})
    select ${r.id} as id,
      case when ${r.requesterShiftId} = any(${intList(moved)}) or exists (
        select 1 from ${swapRequestParties} ${p} where ${p.swapRequestId} = ${r.id} and ${p.givesShiftId} = any(${intList(moved)})
      ) then 'shift_swapped' else 'day_taken' end as because
    from ${swapRequests} ${r}
    join ${shifts} ${s} on ${s.id} = ${r.requesterShiftId}
    where ${r.status} in ('pending', 'accepted') and ${r.id} <> ${exceptId}
      and (${r.requesterShiftId} = any(${intList(moved)})
        or (${r.responderId}, ${s.date}) in (select uid, day from taken)
        or exists (
          select 1 from ${swapRequestParties} ${p}
          join ${swapRequestParties} ${q} on ${q.swapRequestId} = ${p.swapRequestId}
            and ${q.position} = (${p.position} + 2) % 3
          join ${shifts} ${t} on ${t.id} = ${q.givesShiftId}
          where ${p.swapRequestId} = ${r.id}
            and (${p.givesShiftId} = any(${intList(moved)}) or (${p.userId}, ${t.date}) in (select uid, day from taken))))
    order by ${r.id}`);
  return result.rows.map((row) => ({ id: Number(row.id), because: row.because }));
}
