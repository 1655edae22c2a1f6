import type { PotentialMatch } from "@common/swaps";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { swapKeys } from "@/lib/query-keys";

export function findMatches(shiftId: number): Promise<PotentialMatch[]> {
  return api.get<PotentialMatch[]>(`/api/find-matches/${shiftId}`);
}

/** Same-grade colleagues with an Available Off Day on the shift's date (DESIGN §5.9). */
export function findMatchesQueryOptions(shiftId: number) {
  return queryOptions({ queryKey: swapKeys.matches(shiftId), queryFn: () => findMatches(shiftId), staleTime: 0 });
}

export function useFindMatches(shiftId: number | null) {
  return useQuery({ ...findMatchesQueryOptions(shiftId ?? 0), enabled: shiftId !== null });
}
