import type { Shift } from "@common/shifts";
import { type RosterWarning, rosterWarnings } from "@common/working-time";
import { useMemo } from "react";
import { useWorkingTimeLimits } from "@/lib/meta";

const NONE: ReadonlyMap<number, RosterWarning[]> = new Map();

/**
 * Where the roster as it stands already breaks working-time rest, by shift, for the days shown
 * (`days`, first to last): the calendar's month and the dashboard's week read the same marks.
 * Computed on the device from the shifts it has, with the server's limits, so it is right offline
 * too and costs no request.
 */
export function useRosterWarnings(
  shifts: readonly Shift[],
  days: readonly string[],
): ReadonlyMap<number, RosterWarning[]> {
  const limits = useWorkingTimeLimits();
  const from = days[0];
  const to = days[days.length - 1];
  return useMemo(() => {
    if (!limits || shifts.length === 0) return NONE;
    return rosterWarnings(shifts, { from, to }, limits);
  }, [shifts, from, to, limits]);
}
