import type { SwapRequest } from "@common/swaps";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateAfterSwapChange } from "@/lib/invalidate";

export function offerToCover(id: number): Promise<SwapRequest> {
  return api.post<SwapRequest>(`/api/swap-requests/${id}/offer-to-cover`);
}

/** Become the responder of a colleague's open request. */
export function useOfferToCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offerToCover,
    onSuccess: () => invalidateAfterSwapChange(queryClient),
  });
}
