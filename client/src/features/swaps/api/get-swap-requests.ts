import type { SwapRequest } from "@common/swaps";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { swapKeys } from "@/lib/query-keys";

/** SPEC §9: swap requests are cached 1 minute. */
export const SWAP_STALE_TIME = 60_000;

export function getSwapRequests(): Promise<SwapRequest[]> {
  return api.get<SwapRequest[]>("/api/swap-requests");
}

/** Requests where I am requester or responder, newest first. */
export function swapRequestsQueryOptions() {
  return queryOptions({ queryKey: swapKeys.mine(), queryFn: getSwapRequests, staleTime: SWAP_STALE_TIME });
}

export function useSwapRequests() {
  return useQuery(swapRequestsQueryOptions());
}
