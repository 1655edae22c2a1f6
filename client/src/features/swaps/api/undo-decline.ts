import type { SwapRequest } from "@common/swaps";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateAfterSwapChange } from "@/lib/invalidate";

export function undoDecline(id: number): Promise<SwapRequest> {
  return api.post<SwapRequest>(`/api/swap-requests/${id}/undo-decline`);
}

/** The responder restores a declined request to pending. */
export function useUndoDecline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoDecline,
    onSuccess: () => invalidateAfterSwapChange(queryClient),
  });
}
