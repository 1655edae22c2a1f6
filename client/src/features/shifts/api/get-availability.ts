import type { Availability } from "@common/shifts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { availabilityKeys } from "@/lib/query-keys";

export function getAvailability(start: string, end: string): Promise<Availability[]> {
  const query = new URLSearchParams({ start, end });
  return api.get<Availability[]>(`/api/availability?${query}`);
}

/** GET /api/availability for days start..end (yyyy-MM-dd), cached 5 minutes (SPEC §9). */
export function availabilityQueryOptions(start: string, end: string) {
  return queryOptions({
    queryKey: availabilityKeys.range(start, end),
    queryFn: () => getAvailability(start, end),
    staleTime: 5 * 60_000,
  });
}

/** Runs only when the user has shifts (SPEC §7). */
export function useAvailability(range: { start: string; end: string } | null) {
  return useQuery({
    ...availabilityQueryOptions(range?.start ?? "", range?.end ?? ""),
    enabled: range !== null,
  });
}
