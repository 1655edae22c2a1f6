import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { todayInLondon } from "../../common/dates";
import { HUB_PAGE_SIZE, HUB_SHIFT_LIMIT, type HubRange, PAGE_CURSOR_MESSAGE } from "../../common/hub-listing";
import { ALL_HUBS, type Hub } from "../../common/hubs";
import type { Db } from "../db/open";
import { queryPrepared } from "../db/prepared";
import { badRequest } from "../errors";

/**
 * The JSON of a shift as every endpoint answers it (common/shifts.ts `Shift`), built in SQL.
 * A colleague's notes and location are their own business: they stay out of the listing.
 */
const SHIFT_JSON = sql`json_build_object(
  'id', s.id, 'userId', s.user_id, 'date', to_char(s.date, 'YYYY-MM-DD'), 'shiftType', s.shift_type,
  'startTime', s.start_time, 'endTime', s.end_time, 'location', null, 'notes', null,
  'isProtected', s.is_protected, 'restDayShiftInterest', s.rest_day_shift_interest,
  'createdAt', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/** The list's order, and so the key a page continues after: case-blind surname, first name, id. */
const SORT_KEY = sql`(lower(u.last_name), lower(u.first_name), u.id)`;

/** Where a page ends: the sort key of its last clinician. Opaque to clients (base64url JSON). */
type Position = [lastName: string, firstName: string, id: number];

const positionSchema = z.tuple([z.string().max(200), z.string().max(200), z.number().int().positive()]);

const encodeCursor = (position: Position) => Buffer.from(JSON.stringify(position)).toString("base64url");

function decodeCursor(cursor: string): Position {
  try {
    return positionSchema.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
  } catch {
    throw badRequest(PAGE_CURSOR_MESSAGE, "after");
  }
}

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

  const inWindow = to === undefined ? sql`s.date >= ${from}::date` : sql`s.date between ${from}::date and ${to}::date`;
  const kinds = {
    coverage: sql`s.shift_type = 'seeking_coverage'`,
    offDay: sql`s.shift_type = 'rest_day' and s.rest_day_shift_interest`,
  };
  // One EXISTS over both kinds, worded as the partial index shifts_offered_idx: the planner then
  // probes that index clinician by clinician and stops at a page, instead of hashing every offer.
  const hasOffer = sql`exists (select 1 from shifts s where s.user_id = u.id
    and (${kinds.coverage} or (${kinds.offDay})) and ${inWindow})`;
  const hubFilter = hub === ALL_HUBS ? sql`true` : sql`u.hub = ${hub}::hub`;
  // The `or actively_seeking_swaps` form matches the partial indexes users_browse_*_idx.
  const who = hasRange
    ? sql`(u.swap_urgency = 'urgent' or u.actively_seeking_swaps) and ${hasOffer}`
    : sql`u.swap_urgency = 'urgent'`;
  /** Each list holds the soonest HUB_SHIFT_LIMIT of its kind in the window. */
  const offers = (kind: SQL) => sql`(
    select coalesce(json_agg(${SHIFT_JSON} order by s.date, s.start_time nulls last, s.id), '[]'::json)
    from (select * from shifts s where s.user_id = u.id and ${kind} and ${inWindow}
          order by s.date, s.start_time nulls last, s.id limit ${HUB_SHIFT_LIMIT}) s)`;
  return {
    where: sql`${hubFilter} and ${who}`,
    restDays: offers(kinds.offDay),
    coverage: offers(kinds.coverage),
  };
}

/** A listed clinician: their place in the list and their item (SPEC §3 'Hub listing item') as JSON text. */
type ListedRow = { id: number; sort_last: string; sort_first: string; item: string };

/**
 * `rows` clinicians of the list from `after` on, everyone included: the same for every viewer, so
 * it can be shared. Each item is built as JSON text by PostgreSQL and passed through untouched.
 */
async function queryListed(
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
    select u.id, lower(u.last_name) as sort_last, lower(u.first_name) as sort_first,
      json_build_object(
        'clinician', json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
          'clinicalGrade', u.clinical_grade, 'hub', u.hub, 'paramedicBase', u.paramedic_base,
          'swapUrgency', u.swap_urgency, 'activelySeekingSwaps', u.actively_seeking_swaps),
        'restDays', ${filter.restDays},
        'seekingCoverageShifts', ${filter.coverage})::text as item
    from users u
    where ${filter.where} ${continues}
    order by lower(u.last_name), lower(u.first_name), u.id
    limit ${rows}`,
  );
}

/** Ids of everyone the list holds, the viewer included. */
async function queryListedIds(db: Db, hub: Hub | typeof ALL_HUBS, range: HubRange, today: string) {
  const filter = listed(hub, range, today);
  if (!filter) return new Set<number>();
  const [row] = await queryPrepared<{ ids: number[] | null }>(
    db,
    sql`select array_agg(u.id) as ids from users u where ${filter.where}`,
  );
  return new Set(row?.ids ?? []);
}

/** One page of GET /api/users/hub/{hub}: the JSON array, and the next page's cursor if one may follow. */
export type HubPage = { json: string; next?: string };

/** At most this many answers are kept; the oldest goes first. */
const CACHE_KEYS = 500;

/**
 * The clinician browser's list and count (SPEC §4 'Clinician browser views'), a page at a time.
 *
 * What a query finds is the same for every viewer but the viewer, so with `cacheMs` > 0 it is kept
 * that long and shared, and the viewer is left out per request. A colleague's change then shows up
 * at most `cacheMs` late; 0 turns the cache off.
 */
export function hubListing(db: Db, cacheMs: number) {
  const cache = shortCache(cacheMs, CACHE_KEYS);

  async function page(
    viewerId: number,
    hub: Hub | typeof ALL_HUBS,
    query: HubRange & { limit?: number; after?: string },
    today: string = todayInLondon(),
  ): Promise<HubPage> {
    const limit = query.limit ?? HUB_PAGE_SIZE;
    const after = query.after === undefined ? undefined : decodeCursor(query.after);
    const range = { fromDate: query.fromDate, toDate: query.toDate };
    const key = JSON.stringify(["page", hub, range.fromDate, range.toDate, today, after, limit]);
    // Two rows more than a page: one may be the viewer, the other tells whether a page follows.
    const rows = await cache(key, () => queryListed(db, hub, { ...range, after }, limit + 2, today));
    const mine = rows.filter((row) => row.id !== viewerId);
    const shown = mine.slice(0, limit);
    const last = shown.at(-1);
    return {
      json: `[${shown.map((row) => row.item).join(",")}]`,
      next: mine.length > limit && last ? encodeCursor([last.sort_last, last.sort_first, last.id]) : undefined,
    };
  }

  /** How many colleagues the whole list holds, for the overview banner and the list titles. */
  async function count(
    viewerId: number,
    hub: Hub | typeof ALL_HUBS,
    range: HubRange,
    today: string = todayInLondon(),
  ): Promise<number> {
    const key = JSON.stringify(["count", hub, range.fromDate, range.toDate, today]);
    const ids = await cache(key, () => queryListedIds(db, hub, range, today));
    return ids.size - (ids.has(viewerId) ? 1 : 0);
  }

  return { page, count };
}

/**
 * A small in-process cache of answers by key, each kept `ms` (0 = never kept). Concurrent misses
 * share one load; a failed load is not kept.
 */
function shortCache(ms: number, maxKeys: number) {
  const entries = new Map<string, { until: number; value: Promise<unknown> }>();
  return <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (ms <= 0) return load();
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    entries.delete(key);
    const value = load();
    const entry = { until: now + ms, value };
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    entries.set(key, entry);
    while (entries.size > maxKeys) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    return value;
  };
}
