import { type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ClinicalGrade, ShiftType } from "../../common/enums";
import type { Db } from "../db/open";
import { shifts, swapRequests, type UserRow, userAvailability, users } from "../db/schema";
import { type Conn, swapColleagueOf } from "./queries";
import type { ShiftsAlias } from "./warning-queries";

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
  const rows = await db.execute<ThreeWayShiftRow>(sql`
    select ${shiftFields(s)}, ${s.isProtected} as "isProtected", ${isNeed(s, today)} as need,
      ${users.firstName} as "firstName", ${users.lastName} as "lastName", ${users.clinicalGrade} as "clinicalGrade",
      ${users.hub} as hub, ${users.emailVerifiedAt} is not null as verified
    from ${shifts} ${s} join ${users} on ${users.id} = ${s.userId}
    where ${s.id} = any(${`{${ids.join(",")}}`}::int[])`);
  return rows.rows;
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
const part = (r: FlatRow, p: "b" | "c"): NeedCols & PersonCols => ({
  shiftId: r[`${p}ShiftId`] as number,
  ownerId: r[`${p}OwnerId`] as number,
  date: r[`${p}Date`] as string,
  shiftType: r[`${p}ShiftType`] as ShiftType,
  startTime: r[`${p}StartTime`] as string | null,
  endTime: r[`${p}EndTime`] as string | null,
  firstName: r[`${p}FirstName`] as string,
  lastName: r[`${p}LastName`] as string,
  clinicalGrade: r[`${p}Grade`] as ClinicalGrade,
  hub: r[`${p}Hub`] as string | null,
});

type UsersAlias = ReturnType<typeof alias<typeof users, string>>;

/** A chosen need's columns, and its owner's, under names prefixed with `p`: `"bShiftId"`. */
const shownFields = (p: "b" | "c", s: ShiftsAlias, u: UsersAlias) =>
  sql`${s.id} as ${sql.identifier(`${p}ShiftId`)}, ${s.userId} as ${sql.identifier(`${p}OwnerId`)},
    to_char(${s.date}, 'YYYY-MM-DD') as ${sql.identifier(`${p}Date`)}, ${s.shiftType} as ${sql.identifier(`${p}ShiftType`)},
    ${s.startTime} as ${sql.identifier(`${p}StartTime`)}, ${s.endTime} as ${sql.identifier(`${p}EndTime`)},
    ${u.firstName} as ${sql.identifier(`${p}FirstName`)}, ${u.lastName} as ${sql.identifier(`${p}LastName`)},
    ${u.clinicalGrade} as ${sql.identifier(`${p}Grade`)}, ${u.hub} as ${sql.identifier(`${p}Hub`)}`;

/**
 * A need as the search ranks it: its shift, owner, day and the owner's hub (`hub`). The columns the
 * answer shows are read for the chosen cycles alone: carried through the join of some thousand
 * candidate cycles, they made most of its work.
 */
const needKey = (s: ShiftsAlias, hub: SQL) =>
  sql`${s.id} as "shiftId", ${s.userId} as "ownerId", ${s.date} as day, ${hub} as hub`;

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
 * index entries for 200 days on 10,000 users). Not prepared: its generic plan ran three to five
 * times slower than the plan made for the values.
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
  const [bw, cw] = [alias(users, "bw"), alias(users, "cw")];
  const inHub: SQL = hub ? sql`and ${users.hub} = ${hub}::hub` : sql``;
  const bShift = sql`${bs.userId} = bu.id and ${bs.date} > ${today}::date and ${bs.isProtected} = false`;
  const cShift = sql`${cs.date} = free.day and ${cs.isProtected} = false`;
  const rank = sql`(case when b.hub is not distinct from ${me.hub}::hub then 0 else 1 end)
        + (case when c.hub is not distinct from ${me.hub}::hub or c.hub is not distinct from b.hub then 0 else 1 end)`;
  const { rows } = await db.execute<FlatRow>(
    sql`
    with free as materialized (
      select ${mine.date} as day from ${userAvailability} ${mine}
      where ${mine.userId} = ${me.id} and ${mine.status} = 'available' and ${mine.date} > ${today}::date),
    bu as materialized (
      select ${users.id} as id, ${users.hub} as hub from ${userAvailability} ${ua} join ${users} on ${users.id} = ${ua.userId}
      where ${ua.date} = ${date}::date and ${ua.status} = 'available' and ${swapColleagueOf(me)} ${inHub}),
    b as materialized (
      select ${needKey(bs, sql`bu.hub`)} from bu join ${shifts} ${bs} on ${bShift} and ${bs.shiftType} = 'seeking_coverage'
      union
      select ${needKey(bs, sql`bu.hub`)} from bu join ${swapRequests} ${br} on ${br.requesterId} = bu.id
        join ${shifts} ${bs} on ${openRequestOf(br, bs)} and ${bShift} and ${bs.shiftType} in ('day', 'night')),
    c as materialized (
      select ${needKey(cs, sql`${users.hub}`)} from free join ${shifts} ${cs} on ${cShift} and ${cs.shiftType} = 'seeking_coverage'
        join ${users} on ${users.id} = ${cs.userId}
      where ${swapColleagueOf(me)} ${inHub}
      union
      select ${needKey(cs, sql`${users.hub}`)} from free join ${swapRequests} ${cr}
          on ${cr.status} in ('pending', 'accepted') and ${cr.startsAt} >= free.day - 1 and ${cr.startsAt} < free.day + 2
        join ${shifts} ${cs} on ${openRequestOf(cr, cs)} and ${cShift} and ${cs.shiftType} in ('day', 'night')
        join ${users} on ${users.id} = ${cs.userId}
      where ${swapColleagueOf(me)} ${inHub}),
    cfree as (
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
    select ${shownFields("b", bs, bw)}, ${shownFields("c", cs, cw)},
      exists (select 1 from free where free.day = ${bs.date}) as "meFreeOnB",
      exists (select 1 from ${userAvailability} ${ubc} where ${ubc.userId} = ${bs.userId}
        and ${ubc.date} = ${cs.date} and ${ubc.status} = 'available') as "bFreeOnC",
      exists (select 1 from ${userAvailability} ${uc} where ${uc.userId} = ${cs.userId}
        and ${uc.date} = ${date}::date and ${uc.status} = 'available') as "cFreeOnA"
    from top join ${shifts} ${bs} on ${bs.id} = top.b_id join ${users} ${bw} on ${bw.id} = ${bs.userId}
      join ${shifts} ${cs} on ${cs.id} = top.c_id join ${users} ${cw} on ${cw.id} = ${cs.userId}
    order by top.rank, top.last, top.first, top.b_id, top.c_id`,
  );
  return rows.map((r) => ({
    b: part(r, "b"),
    c: part(r, "c"),
    meFreeOnB: r.meFreeOnB as boolean,
    bFreeOnC: r.bFreeOnC as boolean,
    cFreeOnA: r.cFreeOnA as boolean,
  }));
}
