import type { SwapRequest, UpdateSwapRequest } from "@common/swaps";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateAfterSwapChange } from "@/lib/invalidate";

export function updateSwapRequest(id: number, changes: UpdateSwapRequest): Promise<SwapRequest> {
  return api.patch<SwapRequest>(`/api/swap-requests/${id}`, changes);
}

/** PATCH: cancel, edit (responder/offers) or the GRS ticks. */
export function useUpdateSwapRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateSwapRequest }) => updateSwapRequest(id, changes),
    onSuccess: () => invalidateAfterSwapChange(queryClient),
  });
}
