import { type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { HUB_SHIFT_LIMIT, type HubRange } from "../../common/hub-listing";
import { ALL_HUBS, type Hub } from "../../common/hubs";
import { snapshotColumn } from "../db/change-log";
import type { Db } from "../db/open";
import { queryPrepared } from "../db/prepared";
import { shifts, users } from "../db/schema";
import { shiftJsonSql } from "../shifts/shift-json-queries";

const u = alias(users, "u");
const s = alias(shifts, "s");

/** A colleague's shift as the listing shows it: without their notes and location. */
const SHIFT_JSON = shiftJsonSql("s", { colleague: true });

/** The list's order, and so the key a page continues after: case-blind surname, first name, id. */
const SORT_COLUMNS = sql`lower(${u.lastName}), lower(${u.firstName}), ${u.id}`;
/**
 * Compared as a row (where a page continues), but ordered by the columns: ordering by the row
 * value would sort every listed clinician instead of reading users_browse_*_idx in order and
 * stopping at a page.
 */
const SORT_KEY = sql`(${SORT_COLUMNS})`;

/** Where a page ends: the sort key of its last clinician. */
export type Position = [lastName: string, firstName: string, id: number];

/**
 * Who the clinician browser lists (SPEC §4 'Clinician browser views'), as SQL over `users u`.
 * Without a range: everyone whose urgency is urgent. With a range: everyone urgent or actively
 * seeking who has an Available Off Day or a Seeking Coverage shift on a day of it (inclusive) that
 * is not yet past. `null` when the range lies wholly in the past, so nobody can match.
 */
function listed(hub: Hub | typeof ALL_HUBS, range: HubRange, today: string) {
  const hasRange = range.fromDate !== undefined || range.toDate !== undefined;
  const from = range.fromDate && range.fromDate > today ? range.fromDate : today;
  const to = range.toDate;
  if (to !== undefined && to < from) return null;

  const inWindow =
    to === undefined ? sql`${s.date} >= ${from}::date` : sql`${s.date} between ${from}::date and ${to}::date`;
  const kinds = {
    coverage: sql`${s.shiftType} = 'seeking_coverage'`,
    offDay: sql`${s.shiftType} = 'rest_day' and ${s.restDayShiftInterest}`,
  };
  // One EXISTS over both kinds, worded as the partial index shifts_offered_idx: the planner then
  // probes that index clinician by clinician and stops at a page, instead of hashing every offer.
  const hasOffer = sql`exists (select 1 from ${shifts} s where ${s.userId} = ${u.id}
    and (${kinds.coverage} or (${kinds.offDay})) and ${inWindow})`;
  const hubFilter = hub === ALL_HUBS ? sql`true` : sql`${u.hub} = ${hub}::hub`;
  // The `or actively_seeking_swaps` form matches the partial indexes users_browse_*_idx.
  const who = hasRange
    ? sql`(${u.swapUrgency} = 'urgent' or ${u.activelySeekingSwaps}) and ${hasOffer}`
    : sql`${u.swapUrgency} = 'urgent'`;
  const order = sql`${s.date}, ${s.startTime} nulls last, ${s.id}`;
  /** Each list holds the soonest HUB_SHIFT_LIMIT of its kind in the window. */
  const offers = (kind: SQL) => sql`(
    select coalesce(json_agg(${SHIFT_JSON} order by ${order}), '[]'::json)
    from (select * from ${shifts} s where ${s.userId} = ${u.id} and ${kind} and ${inWindow}
          order by ${order} limit ${HUB_SHIFT_LIMIT}) s)`;
  return {
    // An account that has not proven its address is not shown to colleagues.
    where: sql`${hubFilter} and ${who} and ${u.emailVerifiedAt} is not null`,
    restDays: offers(kinds.offDay),
    coverage: offers(kinds.coverage),
  };
}

/** A listed clinician: their place in the list and their item (SPEC §3 'Hub listing item') as JSON text. */
export type ListedRow = { id: number; sort_last: string; sort_first: string; item: string; snapshot: string };

/**
 * `rows` clinicians of the list from `after` on, everyone included: the same for every viewer, so
 * it can be shared. Each item is built as JSON text by PostgreSQL and passed through untouched;
 * each row also carries the statement's snapshot, for keeping the page (decision 016).
 */
export async function queryListed(
  db: Db,
  hub: Hub | typeof ALL_HUBS,
  query: HubRange & { after?: Position },
  rows: number,
  today: string,
): Promise<ListedRow[]> {
  const filter = listed(hub, query, today);
  if (!filter) return [];
  const { after } = query;
  const continues = after ? sql`and ${SORT_KEY} > (${after[0]}, ${after[1]}, ${after[2]}::int)` : sql``;
  return queryPrepared<ListedRow>(
    db,
    sql`
    select ${u.id}, lower(${u.lastName}) as sort_last, lower(${u.firstName}) as sort_first,
      json_build_object(
        'clinician', json_build_object('id', ${u.id}, 'firstName', ${u.firstName}, 'lastName', ${u.lastName},
          'clinicalGrade', ${u.clinicalGrade}, 'hub', ${u.hub}, 'paramedicBase', ${u.paramedicBase},
          'swapUrgency', ${u.swapUrgency}, 'activelySeekingSwaps', ${u.activelySeekingSwaps}),
        'restDays', ${filter.restDays},
        'seekingCoverageShifts', ${filter.coverage})::text as item,
      ${snapshotColumn} as snapshot
    from ${users} u
    where ${filter.where} ${continues}
    order by ${SORT_COLUMNS}
    limit ${rows}`,
  );
}

/** Ids of everyone the list holds, the viewer included. */
export async function queryListedIds(db: Db, hub: Hub | typeof ALL_HUBS, range: HubRange, today: string) {
  const filter = listed(hub, range, today);
  if (!filter) return new Set<number>();
  const [row] = await queryPrepared<{ ids: number[] | null }>(
    db,
    sql`select array_agg(${u.id}) as ids from ${users} u where ${filter.where}`,
  );
  return new Set(row?.ids ?? []);
}
