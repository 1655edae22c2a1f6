import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { Shift } from "../../../../../common/shifts";

/** Query keys of the shifts domain; nothing else builds them. */
export const shiftKeys = {
  all: ["shifts"] as const,
  list: () => [...shiftKeys.all, "list"] as const,
};

export function getShifts(): Promise<Shift[]> {
  return api.get<Shift[]>("/api/shifts");
}

/** GET /api/shifts, cached 5 minutes (SPEC §9). */
export function shiftsQueryOptions() {
  return queryOptions({ queryKey: shiftKeys.list(), queryFn: getShifts, staleTime: 5 * 60_000 });
}

export function useShifts() {
  return useQuery(shiftsQueryOptions());
}
