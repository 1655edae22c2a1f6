import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { SwapRequest } from "../../../../../common/swaps";

/**
 * Query keys of the swaps domain; nothing else builds them. Everything sits under
 * ["swap-requests"], which the realtime hook invalidates on SWAP_UPDATED.
 */
export const swapKeys = {
  all: ["swap-requests"] as const,
  mine: () => [...swapKeys.all, "mine"] as const,
  detail: (id: number) => [...swapKeys.all, "detail", id] as const,
  open: () => [...swapKeys.all, "open"] as const,
  eligibleShifts: (date: string | null) => [...swapKeys.all, "eligible-shifts", date ?? "any"] as const,
  matches: (shiftId: number) => [...swapKeys.all, "matches", shiftId] as const,
};

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
