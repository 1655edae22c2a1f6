import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateAfterSwapChange } from "@/lib/invalidate";

export function deleteSwapRequest(id: number): Promise<void> {
  return api.delete<void>(`/api/swap-requests/${id}`);
}

/** Deletes the request and its conversation. */
export function useDeleteSwapRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSwapRequest,
    // Not awaited: the refetch finds the conversation gone (404) and unmounts the screen that asked,
    // so the caller must get its success first to show the toast and leave for the list.
    onSuccess: () => {
      void invalidateAfterSwapChange(queryClient);
    },
  });
}
