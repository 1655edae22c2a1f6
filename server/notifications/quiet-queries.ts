import { type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { WorkingTimeShift } from "../../common/working-time-types";
import type { Db } from "../db/open";
import { notificationSettings as n, notificationOutbox, shifts as s } from "../db/schema";

/** A column as a set clause names it: bare, without its table. */
const bare = (c: { name: string }) => sql.identifier(c.name);
const o = alias(notificationOutbox, "o");

/** A recipient's quiet choices as the push worker's claim reads them beside each row. */
export type QuietRow = {
  quietStart: string | null;
  quietEnd: string | null;
  quietAfterNightUntil: string | null;
  /** Their night shifts on the days asked, when 'quiet after a night shift' is on. */
  nights: WorkingTimeShift[] | null;
};

/**
 * The quiet choices of the user `userId` names, if they have any, as a lateral join of the push
 * worker's claim, with their own nights on the days between the placeholders `quietFrom` and
 * `quietTo` where 'quiet after a night shift' needs them: no statement of its own a batch.
 */
export function quietChoicesJoin(userId: SQL) {
  return sql`left join lateral (
      select ${n.quietStart} as "quietStart", ${n.quietEnd} as "quietEnd",
        ${n.quietAfterNightUntil} as "quietAfterNightUntil",
        case when ${n.quietAfterNightUntil} is not null then (
          select coalesce(json_agg(json_build_object('date', ${s.date}, 'shiftType', ${s.shiftType},
                   'startTime', ${s.startTime}, 'endTime', ${s.endTime})), '[]'::json)
          from ${s}
          where ${s.userId} = ${n.userId}
            and ${s.date} between ${sql.placeholder("quietFrom")}::date and ${sql.placeholder("quietTo")}::date
            and ${s.shiftType} in ('night', 'seeking_coverage')
        ) end as nights
      from ${n}
      where ${n.userId} = ${userId} and (${n.quietStart} is not null or ${n.quietAfterNightUntil} is not null)
    ) quiet on true`;
}

/**
 * Claimed rows whose recipient is in quiet time wait, unleased, until it ends: due then by the
 * push worker's indexed due time. The claim's attempt is given back, as nothing was sent.
 */
export async function holdRows(db: Db, holds: { id: number; until: Date }[]): Promise<void> {
  if (holds.length === 0) return;
  await db.execute(sql`
    update ${notificationOutbox} ${o}
    set ${bare(o.pushNextAt)} = h.until, ${bare(o.pushHeldUntil)} = h.until, ${bare(o.pushLeaseUntil)} = null,
        ${bare(o.pushAttempts)} = greatest(${o.pushAttempts} - 1, 0)
    from unnest(${`{${holds.map((h) => h.id).join(",")}}`}::int[],
                ${`{${holds.map((h) => h.until.toISOString()).join(",")}}`}::timestamptz[]) as h(id, until)
    where ${o.id} = h.id
  `);
}

/**
 * One held push per user and tag: the newest waits, the older ones it replaces (the device would
 * show only the newest of a tag anyway) count as delivered ('merged'). Rows in flight on another
 * instance are left to finish.
 */
export async function mergeHeld(db: Db, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const newer = alias(notificationOutbox, "newer");
  await db.execute(sql`
    update ${notificationOutbox} ${o} set ${bare(o.pushState)} = 'merged'
    where ${o.userId} = any(${`{${userIds.join(",")}}`}::int[]) and ${o.pushState} = 'pending'
      and ${o.pushHeldUntil} is not null and (${o.pushLeaseUntil} is null or ${o.pushLeaseUntil} < now())
      and exists (
        select 1 from ${notificationOutbox} ${newer}
        where ${newer.userId} = ${o.userId} and ${newer.tag} = ${o.tag} and ${newer.id} > ${o.id}
          and ${newer.pushState} = 'pending' and ${newer.pushHeldUntil} is not null
      )
  `);
}
