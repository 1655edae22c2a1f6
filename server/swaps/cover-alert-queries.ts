import { type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ShiftType, SwapStatus } from "../../common/enums";
import type { Focus } from "../../common/working-time";
import { keptWindows } from "../db/availability-index";
import { queryPreparedIn } from "../db/prepared";
import {
  coverAlerts as ca,
  notificationSettings as n,
  shifts,
  swapRequests,
  type UserRow,
  userAvailability,
  users,
} from "../db/schema";
import { workingShiftsBetween } from "../db/working-shifts-text";
import { type Conn, swapColleagueOf } from "./queries";

/** A column as an insert list names it: bare, without its table. */
const bare = (c: { name: string }) => sql.identifier(c.name);

/**
 * Whether the `users` row of the statement follows `hub` (DESIGN §5.22): all hubs, the hubs they
 * chose, or their own hub while they have not chosen. With `n` their settings row, if any.
 */
const followsHub = (hub: SQL | string | null) =>
  sql`(coalesce(${n.followAllHubs}, false)
    or (${n.followedHubs} is null and ${users.hub} is not distinct from ${hub}::hub)
    or ${hub}::hub = any(${n.followedHubs}))`;

/**
 * A candidate with their working shifts near the date (`shifts`: enough for the daily and weekly
 * rest rules, as `workingShiftsText` writes them without ids), an upper bound of the minutes they
 * work in the wider window the averaging rules read (`boundMinutes`; null when no window was asked
 * for) and, where their row keeps it, the working shifts of that window (`wide`, else null).
 */
export type CoverCandidate = { id: number; shifts: string | null; boundMinutes: number | null; wide: string | null };

/**
 * Everyone who could be told about the open request `requestId` for a shift on `date`, by the
 * rules SQL can hold: swap colleagues of the requester (same grade, address proved, not them) with
 * an Available Off Day that date, alerts on, following the requester's hub, not yet told about it;
 * each with their working shifts in `near` for the rest rules and their minutes bound over `wide`.
 */
export async function coverCandidates(
  tx: Conn,
  requester: Pick<UserRow, "id" | "clinicalGrade" | "hub">,
  requestId: number,
  date: string,
  windows: { near: Focus; wide: Focus } | null,
): Promise<CoverCandidate[]> {
  const b = alias(userAvailability, "b");
  const ua = userAvailability;
  // The fortnight's shifts as text, and the 17 weeks' minutes from the working days' index alone
  // (user_availability_worked_idx, migration 0017).
  const nearText = (near: Focus) =>
    workingShiftsBetween(users.id, sql`${near.from}::date`, sql`${near.to}::date`, false);
  const wideMinutes = (
    wide: Focus,
  ) => sql`(select coalesce(sum(${b.workedMinutes}), 0)::int from ${userAvailability} ${b}
    where ${b.userId} = ${users.id} and ${b.date} between ${wide.from}::date and ${wide.to}::date
      and ${b.workedMinutes} > 0)`;
  // The day's row keeps both for the default limits (migration 0020): a colleague costs one row,
  // not two ranges. A row without them (written before it kept them) has its windows read.
  const kept = windows ? keptWindows(date, windows.near, windows.wide) : null;
  const window = windows
    ? kept?.near
      ? sql`coalesce(nullif(${ua.nearShifts}, ''), case when ${ua.nearShifts} is null then ${nearText(windows.near)} end)`
      : nearText(windows.near)
    : sql`null::text`;
  const bound = windows
    ? kept?.wide
      ? sql`coalesce(${ua.windowMinutes}, ${wideMinutes(windows.wide)})`
      : wideMinutes(windows.wide)
    : sql`null::int`;
  // Kept only where the minutes could reach an average limit: the others' whole windows are never read.
  const wide = kept?.wide ? sql`${ua.wideShifts}` : sql`null::text`;
  // Prepared: planning it took a tenth of its run, and its generic plan is the one made for values.
  const rows = await queryPreparedIn<{
    id: number;
    window: string | null;
    boundMinutes: number | null;
    wide: string | null;
  }>(
    tx,
    sql`
    select ${users.id} as id, ${window} as window, ${bound} as "boundMinutes", ${wide} as wide
    from ${userAvailability} join ${users} on ${users.id} = ${userAvailability.userId}
      left join ${n} on ${n.userId} = ${users.id}
    where ${userAvailability.date} = ${date} and ${userAvailability.status} = 'available'
      and ${swapColleagueOf(requester)}
      and coalesce(${n.coverAlerts}, true)
      and ${followsHub(requester.hub)}
      and not exists (select 1 from ${ca} where ${ca.swapRequestId} = ${requestId} and ${ca.userId} = ${users.id})
    order by ${users.id}`,
  );
  return rows.map((r) => ({ id: r.id, shifts: r.window, boundMinutes: r.boundMinutes, wide: r.wide }));
}

export type OpenNeed = {
  swapRequestId: number;
  requesterId: number;
  firstName: string;
  lastName: string;
  hub: string | null;
  date: string;
  shiftType: ShiftType;
  startTime: string | null;
  endTime: string | null;
};

/**
 * The open requests (no responder, pending, unprotected day or night shift after `after`) on `days`
 * that `me` could be told about: requesters `me` may see (swap colleagues), at a hub `me` follows,
 * with `me`'s alerts on, not yet told about. Nothing when `me` has not proved their address.
 */
export async function openNeedsFor(
  tx: Conn,
  me: Pick<UserRow, "id" | "clinicalGrade" | "emailVerifiedAt">,
  days: string[],
  after: string,
): Promise<OpenNeed[]> {
  if (me.emailVerifiedAt === null || days.length === 0) return [];
  const mine = alias(users, "mine");
  const rows = await tx.execute<OpenNeed>(sql`
    select ${swapRequests.id} as "swapRequestId", ${users.id} as "requesterId", ${users.firstName} as "firstName",
      ${users.lastName} as "lastName", ${users.hub} as hub, to_char(${shifts.date}, 'YYYY-MM-DD') as date,
      ${shifts.shiftType} as "shiftType", ${shifts.startTime} as "startTime", ${shifts.endTime} as "endTime"
    from ${swapRequests}
      join ${shifts} on ${shifts.id} = ${swapRequests.requesterShiftId}
      join ${users} on ${users.id} = ${swapRequests.requesterId}
      join ${users} ${mine} on ${mine.id} = ${me.id}
      left join ${n} on ${n.userId} = ${me.id}
    where ${swapRequests.responderId} is null and ${swapRequests.status} = 'pending'
      and ${shifts.userId} = ${swapRequests.requesterId} and ${shifts.isProtected} = false
      and ${shifts.shiftType} in ('day', 'night')
      and ${shifts.date} = any(${`{${days.join(",")}}`}::date[]) and ${shifts.date} > ${after}::date
      and ${swapColleagueOf(me)}
      and coalesce(${n.coverAlerts}, true)
      and (coalesce(${n.followAllHubs}, false)
        or (${n.followedHubs} is null and ${mine.hub} is not distinct from ${users.hub})
        or ${users.hub} = any(${n.followedHubs}))
      and not exists (select 1 from ${ca} where ${ca.swapRequestId} = ${swapRequests.id} and ${ca.userId} = ${me.id})
    order by ${shifts.date}, ${swapRequests.id}`);
  return rows.rows;
}

/**
 * Records the alerts; a pair already told (another instance, a concurrent change) is skipped.
 * Returns the pairs newly recorded.
 */
export async function insertCoverAlerts(
  tx: Conn,
  pairs: { swapRequestId: number; userId: number }[],
): Promise<{ swapRequestId: number; userId: number }[]> {
  if (pairs.length === 0) return [];
  const result = await tx.execute<{ swapRequestId: number; userId: number }>(sql`
    insert into ${ca} (${bare(ca.swapRequestId)}, ${bare(ca.userId)})
    select p.request, p.recipient
    from unnest(${`{${pairs.map((p) => p.swapRequestId).join(",")}}`}::int[],
                ${`{${pairs.map((p) => p.userId).join(",")}}`}::int[]) as p(request, recipient)
    on conflict do nothing
    returning ${bare(ca.swapRequestId)} as "swapRequestId", ${bare(ca.userId)} as "userId"`);
  return result.rows;
}

/** Who was alerted to the request (the primary key's first column finds them). */
export async function alertedTo(tx: Conn, swapRequestId: number): Promise<number[]> {
  const result = await tx.execute<{ userId: number }>(sql`
    select ${ca.userId} as "userId" from ${ca} where ${ca.swapRequestId} = ${swapRequestId}`);
  return result.rows.map((r) => r.userId);
}

export type CoverAlertRow = {
  swapRequestId: number;
  date: string;
  shiftType: ShiftType;
  startTime: string | null;
  endTime: string | null;
  hub: string | null;
  requesterId: number;
  firstName: string;
  lastName: string;
  createdAt: Date;
  status: SwapStatus;
  responderId: number | null;
};

/** The user's cover alerts, newest first, with where each request stands now. */
export async function coverAlertsOf(
  db: Conn,
  me: Pick<UserRow, "id" | "clinicalGrade">,
  limit: number,
): Promise<CoverAlertRow[]> {
  const result = await db.execute<CoverAlertRow>(sql`
    select ${ca.swapRequestId} as "swapRequestId", to_char(${shifts.date}, 'YYYY-MM-DD') as date,
      ${shifts.shiftType} as "shiftType", ${shifts.startTime} as "startTime", ${shifts.endTime} as "endTime",
      ${users.hub} as hub, ${users.id} as "requesterId", ${users.firstName} as "firstName",
      ${users.lastName} as "lastName", ${ca.createdAt} as "createdAt", ${swapRequests.status} as status,
      ${swapRequests.responderId} as "responderId"
    from ${ca}
      join ${swapRequests} on ${swapRequests.id} = ${ca.swapRequestId}
      join ${shifts} on ${shifts.id} = ${swapRequests.requesterShiftId}
      join ${users} on ${users.id} = ${swapRequests.requesterId}
    where ${ca.userId} = ${me.id} and ${swapColleagueOf(me)}
    order by ${ca.createdAt} desc, ${ca.swapRequestId} desc
    limit ${limit}`);
  return result.rows;
}
