import type { CreateThreeWaySwap, ThreeWayQuery, ThreeWaySwap } from "@common/three-way";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateAfterSwapChange } from "@/lib/invalidate";
import { swapKeys } from "@/lib/query-keys";

function findThreeWays(shiftId: number, query: ThreeWayQuery): Promise<ThreeWaySwap[]> {
  const search = query.hub ? `?hub=${encodeURIComponent(query.hub)}` : "";
  return api.get<ThreeWaySwap[]>(`/api/three-way-swaps/${shiftId}${search}`);
}

/** The three-way swaps through one of my needs (issue 37), best first; nothing while no shift is chosen. */
export function useThreeWaySwaps(shiftId: number | null, hub: ThreeWayQuery["hub"] = undefined) {
  return useQuery({
    queryKey: swapKeys.threeWays(shiftId ?? 0, hub ?? null),
    queryFn: () => findThreeWays(shiftId ?? 0, { hub }),
    enabled: shiftId !== null,
    staleTime: 0,
  });
}

/** Proposes a three-way swap: `[mine, b, c]` in cycle order; answers the new request. */
export function useProposeThreeWay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateThreeWaySwap) => api.post<{ id: number }>("/api/three-way-swaps", input),
    onSuccess: () => invalidateAfterSwapChange(queryClient),
  });
}
