import type { SwapRequest } from "@common/swaps";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateAfterSwapChange } from "@/lib/invalidate";

export function rejectSwapRequest(id: number): Promise<SwapRequest> {
  return api.post<SwapRequest>(`/api/swap-requests/${id}/reject`);
}

/** The responder declines the request. */
export function useRejectSwapRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectSwapRequest,
    onSuccess: () => invalidateAfterSwapChange(queryClient),
  });
}
