import type { SwapShift } from "@common/swaps";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { swapKeys } from "@/lib/query-keys";

export function getEligibleShifts(date: string | null): Promise<SwapShift[]> {
  const query = date ? `?${new URLSearchParams({ date })}` : "";
  return api.get<SwapShift[]>(`/api/swap-requests/eligible-shifts${query}`);
}

/** My future, unprotected day and night shifts (optionally on one day): what a swap can give away. */
export function eligibleShiftsQueryOptions(date: string | null) {
  return queryOptions({
    queryKey: swapKeys.eligibleShifts(date),
    queryFn: () => getEligibleShifts(date),
    staleTime: 0,
  });
}

export function useEligibleShifts(date: string | null) {
  return useQuery(eligibleShiftsQueryOptions(date));
}
