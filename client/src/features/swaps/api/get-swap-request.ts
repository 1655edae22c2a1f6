import type { SwapRequest } from "@common/swaps";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { swapKeys } from "@/lib/query-keys";
import { SWAP_STALE_TIME } from "./get-swap-requests";

export function getSwapRequest(id: number): Promise<SwapRequest> {
  return api.get<SwapRequest>(`/api/swap-requests/${id}`);
}

export function swapRequestQueryOptions(id: number) {
  return queryOptions({ queryKey: swapKeys.detail(id), queryFn: () => getSwapRequest(id), staleTime: SWAP_STALE_TIME });
}

export function useSwapRequest(id: number) {
  return useQuery(swapRequestQueryOptions(id));
}
