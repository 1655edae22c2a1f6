import type { SwapRequest } from "@common/swaps";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { swapKeys } from "@/lib/query-keys";
import { SWAP_STALE_TIME } from "./get-swap-requests";

export function getOpenRequests(): Promise<SwapRequest[]> {
  return api.get<SwapRequest[]>("/api/swap-requests/open");
}

/** Same-grade colleagues' requests still looking for a match, soonest shift first. */
export function openRequestsQueryOptions() {
  return queryOptions({ queryKey: swapKeys.open(), queryFn: getOpenRequests, staleTime: SWAP_STALE_TIME });
}

export function useOpenRequests() {
  return useQuery(openRequestsQueryOptions());
}
