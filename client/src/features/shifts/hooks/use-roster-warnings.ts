import type { Shift } from "@common/shifts";
import { type RosterWarning, rosterWarnings } from "@common/working-time";
import { useMemo } from "react";
import { useWorkingTimeLimits } from "@/lib/meta";
import { monthGrid, type YearMonth } from "../calendar-math";

const NONE: ReadonlyMap<number, RosterWarning[]> = new Map();

/**
 * Where the roster as it stands already breaks working-time rest, by shift, for the days the month
 * view shows (issue: the calendar's warning signs). Computed on the device from the shifts it has,
 * with the server's limits, so it is right offline too and costs no request.
 */
export function useRosterWarnings(shifts: readonly Shift[], month: YearMonth): ReadonlyMap<number, RosterWarning[]> {
  const limits = useWorkingTimeLimits();
  return useMemo(() => {
    if (!limits || shifts.length === 0) return NONE;
    const days = monthGrid(month);
    return rosterWarnings(shifts, { from: days[0], to: days[days.length - 1] }, limits);
  }, [shifts, month, limits]);
}
