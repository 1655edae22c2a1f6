import { sql } from "drizzle-orm";
import { todayInLondon } from "../../common/dates";
import type { ClinicalGrade, SwapUrgency } from "../../common/enums";
import { HUB_SHIFT_LIMIT, type HubClinician, type HubListingItem, type HubRange } from "../../common/hub-listing";
import { ALL_HUBS, type Hub } from "../../common/hubs";
import type { Shift } from "../../common/shifts";
import type { Db } from "../db/open";

type ClinicianRow = {
  id: number;
  first_name: string;
  last_name: string;
  clinical_grade: ClinicalGrade;
  hub: Hub | null;
  paramedic_base: string | null;
  swap_urgency: SwapUrgency;
  actively_seeking_swaps: boolean;
};

const toClinician = (r: ClinicianRow): HubClinician => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  clinicalGrade: r.clinical_grade,
  hub: r.hub,
  paramedicBase: r.paramedic_base,
  swapUrgency: r.swap_urgency,
  activelySeekingSwaps: r.actively_seeking_swaps,
});

/**
 * The JSON of a shift as every endpoint answers it (common/shifts.ts `Shift`), built in SQL.
 * A colleague's notes and location are their own business: they stay out of the listing.
 */
const SHIFT_JSON = sql`json_build_object(
  'id', s.id, 'userId', s.user_id, 'date', to_char(s.date, 'YYYY-MM-DD'), 'shiftType', s.shift_type,
  'startTime', s.start_time, 'endTime', s.end_time, 'location', null, 'notes', null,
  'isProtected', s.is_protected, 'restDayShiftInterest', s.rest_day_shift_interest,
  'createdAt', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/**
 * Colleagues for the clinician browser (SPEC §4 'Clinician browser views') in one query, whatever
 * the hub's size. Without a range: everyone whose urgency is urgent. With a range: everyone urgent
 * or actively seeking who has an Available Off Day or a Seeking Coverage shift on a day of it
 * (inclusive) that is not yet past. Each list holds the soonest HUB_SHIFT_LIMIT, today or later.
 */
export async function listHubClinicians(
  db: Db,
  viewerId: number,
  hub: Hub | typeof ALL_HUBS,
  range: HubRange,
  today: string = todayInLondon(),
): Promise<HubListingItem[]> {
  return withoutViewer(await queryHubItems(db, hub, range, today), viewerId);
}

const withoutViewer = (items: HubListingItem[], viewerId: number) =>
  items.filter((item) => item.clinician.id !== viewerId);

/** listHubClinicians for every viewer at once: the caller is left in. */
async function queryHubItems(
  db: Db,
  hub: Hub | typeof ALL_HUBS,
  range: HubRange,
  today: string,
): Promise<HubListingItem[]> {
  const hasRange = range.fromDate !== undefined || range.toDate !== undefined;
  const from = range.fromDate && range.fromDate > today ? range.fromDate : today;
  const to = range.toDate;
  if (to !== undefined && to < from) return [];

  const inWindow = to === undefined ? sql`s.date >= ${from}::date` : sql`s.date between ${from}::date and ${to}::date`;
  const isCoverage = sql`s.shift_type = 'seeking_coverage'`;
  const isOffDay = sql`s.shift_type = 'rest_day' and s.rest_day_shift_interest`;
  const offers = (kind: typeof isCoverage) => sql`(
    select coalesce(json_agg(${SHIFT_JSON} order by s.date, s.start_time nulls last, s.id), '[]'::json)
    from (select * from shifts s where s.user_id = u.id and ${kind} and ${inWindow}
          order by s.date, s.start_time nulls last, s.id limit ${HUB_SHIFT_LIMIT}) s)`;
  const hasOffer = (kind: typeof isCoverage) =>
    sql`exists (select 1 from shifts s where s.user_id = u.id and ${kind} and ${inWindow})`;
  const hubFilter = hub === ALL_HUBS ? sql`true` : sql`u.hub = ${hub}::hub`;
  const who = hasRange
    ? sql`(u.swap_urgency = 'urgent' or u.actively_seeking_swaps) and (${hasOffer(isOffDay)} or ${hasOffer(isCoverage)})`
    : sql`u.swap_urgency = 'urgent'`;

  const result = await db.execute<ClinicianRow & { rest_days: Shift[]; coverage: Shift[] }>(sql`
    select u.id, u.first_name, u.last_name, u.clinical_grade, u.hub, u.paramedic_base,
           u.swap_urgency, u.actively_seeking_swaps,
           ${offers(isOffDay)} as rest_days, ${offers(isCoverage)} as coverage
    from users u
    where ${hubFilter} and ${who}
    order by lower(u.last_name), lower(u.first_name), u.id`);
  return result.rows.map((row) => ({
    clinician: toClinician(row),
    restDays: row.rest_days,
    seekingCoverageShifts: row.coverage,
  }));
}

/** At most this many (hub, range, day) answers are kept; the oldest goes first. */
const HUB_CACHE_KEYS = 200;

/**
 * listHubClinicians behind a short in-process cache: a hub's answer is the same for every viewer
 * but the viewer, so it is computed once per `cacheMs` (0 = never cached) and the viewer filtered
 * out per request. A colleague's change shows up at most `cacheMs` late.
 */
export function cachedHubListing(db: Db, cacheMs: number) {
  const cache = new Map<string, { until: number; items: Promise<HubListingItem[]> }>();
  return async (
    viewerId: number,
    hub: Hub | typeof ALL_HUBS,
    range: HubRange,
    today: string = todayInLondon(),
  ): Promise<HubListingItem[]> => {
    if (cacheMs <= 0) return listHubClinicians(db, viewerId, hub, range, today);
    const key = JSON.stringify([hub, range.fromDate ?? null, range.toDate ?? null, today]);
    const now = Date.now();
    let entry = cache.get(key);
    if (!entry || entry.until <= now) {
      cache.delete(key);
      // Concurrent misses share one query; a failed one is not kept.
      const items = queryHubItems(db, hub, range, today);
      const fresh = { until: now + cacheMs, items };
      items.catch(() => {
        if (cache.get(key) === fresh) cache.delete(key);
      });
      cache.set(key, fresh);
      entry = fresh;
      while (cache.size > HUB_CACHE_KEYS) {
        const oldest = cache.keys().next().value;
        if (oldest === undefined) break;
        cache.delete(oldest);
      }
    }
    return withoutViewer(await entry.items, viewerId);
  };
}
