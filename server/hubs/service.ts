import { sql } from "drizzle-orm";
import { todayInLondon } from "../../common/dates";
import type { ClinicalGrade, ShiftType, SwapUrgency } from "../../common/enums";
import type { HubClinician, HubListingItem, HubRange } from "../../common/hub-listing";
import { ALL_HUBS, type Hub } from "../../common/hubs";
import type { Shift } from "../../common/shifts";
import type { Db } from "../db/open";

/** Only these shifts are ever shown to colleagues: Available Off Days and Seeking Coverage. */
const OFFERED = sql`(s.shift_type = 'seeking_coverage' or (s.shift_type = 'rest_day' and s.rest_day_shift_interest))`;

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

type ShiftRow = {
  id: number;
  user_id: number;
  date: string;
  shift_type: ShiftType;
  start_time: string | null;
  end_time: string | null;
  location: string | null;
  notes: string | null;
  is_protected: boolean;
  rest_day_shift_interest: boolean;
  created_at: Date | string;
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

const toShift = (r: ShiftRow): Shift => ({
  id: r.id,
  userId: r.user_id,
  date: r.date,
  shiftType: r.shift_type,
  startTime: r.start_time,
  endTime: r.end_time,
  location: r.location,
  notes: r.notes,
  isProtected: r.is_protected,
  restDayShiftInterest: r.rest_day_shift_interest,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Colleagues for the clinician browser (SPEC §4 'Clinician browser views'), in two queries
 * whatever the hub's size. Without a range: everyone whose urgency is urgent. With a range:
 * everyone urgent or actively seeking who has an Available Off Day or a Seeking Coverage shift
 * on a day of it (inclusive) that is not yet past. Shifts are only ever today or later.
 */
export async function listHubClinicians(
  db: Db,
  viewerId: number,
  hub: Hub | typeof ALL_HUBS,
  range: HubRange,
  today: string = todayInLondon(),
): Promise<HubListingItem[]> {
  const hasRange = range.fromDate !== undefined || range.toDate !== undefined;
  const from = range.fromDate && range.fromDate > today ? range.fromDate : today;
  const to = range.toDate;
  if (to !== undefined && to < from) return [];

  const inWindow = to === undefined ? sql`s.date >= ${from}::date` : sql`s.date between ${from}::date and ${to}::date`;
  const hubFilter = hub === ALL_HUBS ? sql`true` : sql`u.hub = ${hub}::hub`;
  const who = hasRange
    ? sql`(u.swap_urgency = 'urgent' or u.actively_seeking_swaps)
          and exists (select 1 from shifts s where s.user_id = u.id and ${inWindow} and ${OFFERED})`
    : sql`u.swap_urgency = 'urgent'`;

  const people = await db.execute<ClinicianRow>(sql`
    select u.id, u.first_name, u.last_name, u.clinical_grade, u.hub, u.paramedic_base,
           u.swap_urgency, u.actively_seeking_swaps
    from users u
    where u.id <> ${viewerId} and ${hubFilter} and ${who}
    order by lower(u.last_name), lower(u.first_name), u.id`);
  if (people.rows.length === 0) return [];

  const ids = `{${people.rows.map((r) => r.id).join(",")}}`;
  const offered = await db.execute<ShiftRow>(sql`
    select s.id, s.user_id, s.date, s.shift_type, s.start_time, s.end_time, s.location, s.notes,
           s.is_protected, s.rest_day_shift_interest, s.created_at
    from shifts s
    where s.user_id = any(${ids}::int[]) and ${inWindow} and ${OFFERED}
    order by s.user_id, s.date, s.start_time nulls last, s.id`);

  const byUser = new Map<number, HubListingItem>();
  const items = people.rows.map((row) => {
    const item: HubListingItem = { clinician: toClinician(row), restDays: [], seekingCoverageShifts: [] };
    byUser.set(row.id, item);
    return item;
  });
  for (const row of offered.rows) {
    const item = byUser.get(row.user_id);
    if (!item) continue;
    if (row.shift_type === "seeking_coverage") item.seekingCoverageShifts.push(toShift(row));
    else item.restDays.push(toShift(row));
  }
  return items;
}
