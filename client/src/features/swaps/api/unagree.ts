import type { SwapRequest } from "@common/swaps";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateAfterSwapChange } from "@/lib/invalidate";

export function withdrawAgreement(id: number): Promise<SwapRequest> {
  return api.post<SwapRequest>(`/api/swap-requests/${id}/unagree`);
}

/** Withdraw my agreement. */
export function useWithdrawAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawAgreement,
    onSuccess: () => invalidateAfterSwapChange(queryClient),
  });
}
