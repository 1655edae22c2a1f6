import type { CreateSwapRequest, SwapRequest } from "@common/swaps";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateAfterSwapChange } from "@/lib/invalidate";

export function createSwapRequest(input: CreateSwapRequest): Promise<SwapRequest> {
  return api.post<SwapRequest>("/api/swap-requests", { ...input, status: "pending" });
}

/** Creates the request and its introductory message in one call. */
export function useCreateSwapRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSwapRequest,
    onSuccess: () => invalidateAfterSwapChange(queryClient),
  });
}
