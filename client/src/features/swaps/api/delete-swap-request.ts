import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateAfterSwapChange } from "./invalidate";

export function deleteSwapRequest(id: number): Promise<void> {
  return api.delete<void>(`/api/swap-requests/${id}`);
}

/** Deletes the request and its conversation. */
export function useDeleteSwapRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSwapRequest,
    onSuccess: () => invalidateAfterSwapChange(queryClient),
  });
}
