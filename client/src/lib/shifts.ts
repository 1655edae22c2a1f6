import type { Shift } from "@common/shifts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";
import { shiftKeys } from "./query-keys";

export function getShifts(): Promise<Shift[]> {
  return api.get<Shift[]>("/api/shifts");
}

/** GET /api/shifts, cached 5 minutes (SPEC §9): the calendar, the dashboard and the swap wizard read it. */
export function shiftsQueryOptions() {
  return queryOptions({ queryKey: shiftKeys.list(), queryFn: getShifts, staleTime: 5 * 60_000 });
}

export function useShifts() {
  return useQuery(shiftsQueryOptions());
}
