import type { CoverAlert } from "@common/cover-alerts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { swapKeys } from "@/lib/query-keys";
import { SWAP_STALE_TIME } from "./get-swap-requests";

/** Colleagues who need cover on days I marked free, as I was told about them, newest first. */
export function coverAlertsQueryOptions() {
  return queryOptions({
    queryKey: swapKeys.coverAlerts(),
    queryFn: () => api.get<CoverAlert[]>("/api/cover-alerts"),
    staleTime: SWAP_STALE_TIME,
  });
}

export function useCoverAlerts() {
  return useQuery(coverAlertsQueryOptions());
}
