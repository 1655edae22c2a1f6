import { type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ClinicalGrade, ShiftType } from "../../common/enums";
import type { Db } from "../db/open";
import { queryPrepared, queryPreparedIn } from "../db/prepared";
import { shifts, swapRequests, type UserRow, userAvailability, users } from "../db/schema";
import type { ShiftsAlias } from "../db/working-shifts-text";
import { type Conn, swapColleagueOf } from "./queries";

/**
 * Whether the shift `s` is a need of its owner after `today` (issue 37): an unprotected Seeking
 * Coverage shift, or an unprotected day or night shift of an open request (pending or accepted)
 * they made.
 */
const isNeed = (s: ShiftsAlias, today: string) => {
  const r = alias(swapRequests, "need_r");
  return sql`(${s.date} > ${today}::date and ${s.isProtected} = false and (${s.shiftType} = 'seeking_coverage'
    or (${s.shiftType} in ('day', 'night') and exists (select 1 from ${swapRequests} ${r}
      where ${r.requesterShiftId} = ${s.id} and ${r.requesterId} = ${s.userId} and ${r.status} in ('pending', 'accepted')))))`;
};

const shiftFields = (s: ShiftsAlias) =>
  sql`${s.id} as "shiftId", ${s.userId} as "ownerId", to_char(${s.date}, 'YYYY-MM-DD') as date,
    ${s.shiftType} as "shiftType", ${s.startTime} as "startTime", ${s.endTime} as "endTime"`;

export type ThreeWayShiftRow = {
  shiftId: number;
  ownerId: number;
  date: string;
  shiftType: ShiftType;
  startTime: string | null;
  endTime: string | null;
  isProtected: boolean;
  /** A need of its owner after today. */
  need: boolean;
  firstName: string;
  lastName: string;
  clinicalGrade: ClinicalGrade;
  hub: string | null;
  verified: boolean;
};

/** The shifts with their owners and whether each is its owner's need, in one statement. */
export async function threeWayShiftRows(db: Conn, ids: number[], today: string): Promise<ThreeWayShiftRow[]> {
  const s = alias(shifts, "s");
  return queryPreparedIn<ThreeWayShiftRow>(
    db,
    sql`
    select ${shiftFields(s)}, ${s.isProtected} as "isProtected", ${isNeed(s, today)} as need,
      ${users.firstName} as "firstName", ${users.lastName} as "lastName", ${users.clinicalGrade} as "clinicalGrade",
      ${users.hub} as hub, ${users.emailVerifiedAt} is not null as verified
    from ${shifts} ${s} join ${users} on ${users.id} = ${s.userId}
    where ${s.id} = any(${`{${ids.join(",")}}`}::int[])`,
  );
}

/** Whether the user has an Available Off Day after `today` (the partial index of free days answers it). */
export async function hasOffDayAfter(db: Conn, userId: number, today: string): Promise<boolean> {
  const rows = await queryPreparedIn<{ found: boolean }>(
    db,
    sql`
    select exists (select 1 from ${userAvailability} where ${userAvailability.userId} = ${userId}
      and ${userAvailability.status} = 'available' and ${userAvailability.date} > ${today}::date) as found`,
  );
  return rows[0]?.found === true;
}

/** Which of the (user, day) pairs are Available Off Days, as `userId|day` keys. */
export async function offDaysAmong(db: Conn, pairs: { userId: number; date: string }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await db.execute<{ k: string }>(sql`
    select ${userAvailability.userId} || '|' || to_char(${userAvailability.date}, 'YYYY-MM-DD') as k
    from jsonb_to_recordset(${JSON.stringify(pairs.map((p) => ({ u: p.userId, d: p.date })))}::jsonb) as p(u int, d date)
      join ${userAvailability} on ${userAvailability.userId} = p.u and ${userAvailability.date} = p.d
    where ${userAvailability.status} = 'available'`);
  return new Set(rows.rows.map((r) => r.k));
}

type NeedCols = {
  shiftId: number;
  ownerId: number;
  date: string;
  shiftType: ShiftType;
  startTime: string | null;
  endTime: string | null;
};
type PersonCols = { firstName: string; lastName: string; clinicalGrade: ClinicalGrade; hub: string | null };
export type ThreeWayCandidate = {
  b: NeedCols & PersonCols;
  c: NeedCols & PersonCols;
  /** Available Off Days that decide whether two of the three could swap directly. */
  meFreeOnB: boolean;
  bFreeOnC: boolean;
  cFreeOnA: boolean;
};

type FlatRow = Record<string, unknown>;
const part = (r: FlatRow, p: "b" | "c", clinicalGrade: ClinicalGrade): NeedCols & PersonCols => ({
  shiftId: r[`${p}ShiftId`] as number,
  ownerId: r[`${p}OwnerId`] as number,
  date: r[`${p}Date`] as string,
  shiftType: r[`${p}ShiftType`] as ShiftType,
  startTime: r[`${p}StartTime`] as string | null,
  endTime: r[`${p}EndTime`] as string | null,
  firstName: r[`${p}FirstName`] as string,
  lastName: r[`${p}LastName`] as string,
  clinicalGrade,
  hub: r[`${p}Hub`] as string | null,
});

/** A chosen need's columns, and its owner's, from the CTE `p` under names prefixed with `p`: `"bShiftId"`. */
const shownFields = (p: "b" | "c") => {
  const [t, as] = [sql.identifier(p), (name: string) => sql.identifier(`${p}${name}`)];
  return sql`${t}."shiftId" as ${as("ShiftId")}, ${t}."ownerId" as ${as("OwnerId")},
    to_char(${t}.day, 'YYYY-MM-DD') as ${as("Date")}, ${t}."shiftType" as ${as("ShiftType")},
    ${t}."startTime" as ${as("StartTime")}, ${t}."endTime" as ${as("EndTime")},
    ${t}."firstName" as ${as("FirstName")}, ${t}."lastName" as ${as("LastName")}, ${t}.hub as ${as("Hub")}`;
};

/** A need's owner as a need's row carries them: hub and names (from an index of users where it can). */
type OwnerCols = { hub: SQL; firstName: SQL; lastName: SQL };
const ownerIn = (from: "bu" | "mates"): OwnerCols => ({
  hub: sql`${sql.identifier(from)}.hub`,
  firstName: sql`${sql.identifier(from)}."firstName"`,
  lastName: sql`${sql.identifier(from)}."lastName"`,
});
const ownerCols = sql`${users.hub} as hub, ${users.firstName} as "firstName", ${users.lastName} as "lastName"`;

/**
 * A need as the search ranks it (shift, owner, day, the owner's hub) with the columns the answer
 * shows, each taken where the need's row is read anyway: the chosen cycles' needs and owners were
 * looked up again by id, four index lookups a candidate and most of the blocks of a search in one hub.
 * The join of the candidate cycles carries only the keys it sorts by.
 */
const needCols = (s: ShiftsAlias, shiftType: SQL, o: OwnerCols) =>
  sql`${s.id} as "shiftId", ${s.userId} as "ownerId", ${s.date} as day, ${shiftType} as "shiftType",
    ${s.startTime} as "startTime", ${s.endTime} as "endTime", ${o.hub} as hub, ${o.firstName} as "firstName",
    ${o.lastName} as "lastName"`;

/** A request of its shift's owner that is open (pending or accepted): its shift is a need. */
const openRequestOf = (r: ReturnType<typeof alias<typeof swapRequests, string>>, s: ShiftsAlias) =>
  sql`${r.requesterShiftId} = ${s.id} and ${r.requesterId} = ${s.userId} and ${r.status} in ('pending', 'accepted')`;

/**
 * The candidates of a three-way swap through my need on `date`, in one statement: each B (a
 * colleague free that day) with each of their needs b, and each C (a colleague with a need c on one
 * of my Available Off Days) free on b's day; with the off days that would let two of the three swap
 * directly. `hub` keeps B and C to one hub. Best first (fewest hubs crossed, soonest dates), at most
 * `limit`; the rest rules are checked on them afterwards. Each kind of need is read by its own
 * index: Seeking Coverage by (user_id, shift_type, date) for a B and (date, shift_type) on my free
 * days, open requests by requester for a B and by start time on my free days; the day's Available
 * Off Days by (date, status, user_id), and which Cs are free on which b's day by each C's own Available
 * Off Days (user_id, date where available: migration 0016; through the day's index that was 36,000
 * index entries for 200 days on 10,000 users). The Seeking Coverage shifts of my free days come from
 * their own covering index (date, user_id, id, start and end time: migration 0019), a hundred a day
 * of every grade, and are kept to my colleagues by a hash of them (`mates`): read from the shifts'
 * heap and looked up one by one in users, they were two thirds of the statement's blocks. Prepared
 * (an earlier form ran three to five times slower on its generic plan than on one made for the
 * values; this one does not): over 38 seeded needs, kept to one hub, planning was half its CPU and
 * the generic plan cost 1.8 ms against 3.1 ms planned each time, over all hubs 7.3 against 8.6 ms;
 * need by need it took at worst 1.4 times as long in one hub, 1.1 times over all.
 */
// size: one statement; its parts are the three steps of the cycle.
export async function threeWayCandidates(
  db: Db,
  me: Pick<UserRow, "id" | "clinicalGrade" | "hub">,
  date: string,
  today: string,
  hub: string | null,
  limit: number,
): Promise<ThreeWayCandidate[]> {
  const [bs, cs] = [alias(shifts, "bs"), alias(shifts, "cs")];
  const [br, cr] = [alias(swapRequests, "br"), alias(swapRequests, "cr")];
  const [mine, ua, ub, ubc, uc] = [
    alias(userAvailability, "mine"),
    alias(userAvailability, "ua"),
    alias(userAvailability, "ub"),
    alias(userAvailability, "ubc"),
    alias(userAvailability, "uc"),
  ];
  const inHub: SQL = hub ? sql`and ${users.hub} = ${hub}::hub` : sql``;
  const bShift = sql`${bs.userId} = bu.id and ${bs.date} > ${today}::date and ${bs.isProtected} = false`;
  const cShift = sql`${cs.date} = free.day and ${cs.isProtected} = false`;
  const rank = sql`(case when b.hub is not distinct from ${me.hub}::hub then 0 else 1 end)
        + (case when c.hub is not distinct from ${me.hub}::hub or c.hub is not distinct from b.hub then 0 else 1 end)`;
  const statement = sql`
    with free as materialized (
      select ${mine.date} as day from ${userAvailability} ${mine}
      where ${mine.userId} = ${me.id} and ${mine.status} = 'available' and ${mine.date} > ${today}::date),
    mates as materialized (
      select ${users.id} as id, ${ownerCols} from ${users} where ${swapColleagueOf(me)} ${inHub}),
    bu as materialized (
      select ${users.id} as id, ${ownerCols} from ${userAvailability} ${ua} join ${users} on ${users.id} = ${ua.userId}
      where ${ua.date} = ${date}::date and ${ua.status} = 'available' and ${swapColleagueOf(me)} ${inHub}),
    b as materialized (
      select ${needCols(bs, sql`${bs.shiftType}`, ownerIn("bu"))} from bu
        join ${shifts} ${bs} on ${bShift} and ${bs.shiftType} = 'seeking_coverage'
      union
      select ${needCols(bs, sql`${bs.shiftType}`, ownerIn("bu"))} from bu join ${swapRequests} ${br} on ${br.requesterId} = bu.id
        join ${shifts} ${bs} on ${openRequestOf(br, bs)} and ${bShift} and ${bs.shiftType} in ('day', 'night')),
    creq as materialized (
      select free.day, ${cr.requesterShiftId} as shift, ${cr.requesterId} as owner from free join ${swapRequests} ${cr}
        on ${cr.status} in ('pending', 'accepted') and ${cr.startsAt} >= free.day - 1 and ${cr.startsAt} < free.day + 2),
    c as materialized (
      select ${needCols(cs, sql`'seeking_coverage'`, ownerIn("mates"))} from free
        join ${shifts} ${cs} on ${cShift} and ${cs.shiftType} = 'seeking_coverage'
        join mates on mates.id = ${cs.userId}
      union
      select ${needCols(cs, sql`${cs.shiftType}`, { hub: sql`${users.hub}`, firstName: sql`${users.firstName}`, lastName: sql`${users.lastName}` })} from creq
        join ${shifts} ${cs} on ${cs.id} = creq.shift and ${cs.userId} = creq.owner and ${cs.date} = creq.day
          and ${cs.isProtected} = false and ${cs.shiftType} in ('day', 'night')
        join ${users} on ${users.id} = ${cs.userId}
      where ${swapColleagueOf(me)} ${inHub}),
    cfree as materialized (
      select ${ub.userId} as owner, ${ub.date} as day from (select distinct "ownerId" from c) co
        join ${userAvailability} ${ub} on ${ub.userId} = co."ownerId" and ${ub.status} = 'available'
          and ${ub.date} in (select day from b)),
    top as (
      select b."shiftId" as b_id, c."shiftId" as c_id, ${rank} as rank, greatest(b.day, c.day) as last,
        least(b.day, c.day) as first
      from b join cfree on cfree.day = b.day
        join c on c."ownerId" = cfree.owner and c."ownerId" <> b."ownerId"
      order by rank, last, first, b."shiftId", c."shiftId"
      limit ${limit})
    select ${shownFields("b")}, ${shownFields("c")},
      exists (select 1 from free where free.day = b.day) as "meFreeOnB",
      exists (select 1 from ${userAvailability} ${ubc} where ${ubc.userId} = b."ownerId"
        and ${ubc.date} = c.day and ${ubc.status} = 'available') as "bFreeOnC",
      exists (select 1 from ${userAvailability} ${uc} where ${uc.userId} = c."ownerId"
        and ${uc.date} = ${date}::date and ${uc.status} = 'available') as "cFreeOnA"
    from top join b on b."shiftId" = top.b_id join c on c."shiftId" = top.c_id
    order by top.rank, top.last, top.first, top.b_id, top.c_id`;
  const rows = await queryPrepared<FlatRow>(db, statement);
  return rows.map((r) => ({
    b: part(r, "b", me.clinicalGrade),
    c: part(r, "c", me.clinicalGrade),
    meFreeOnB: r.meFreeOnB as boolean,
    bFreeOnC: r.bFreeOnC as boolean,
    cFreeOnA: r.cFreeOnA as boolean,
  }));
}
