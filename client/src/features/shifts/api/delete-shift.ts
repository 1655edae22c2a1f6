import type { DeletedShift } from "@common/shifts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateSchedule } from "@/lib/invalidate";

export function deleteShift({ id, confirmSwapChange }: { id: number; confirmSwapChange?: boolean }) {
  return api.delete<DeletedShift>(`/api/shifts/${id}${confirmSwapChange ? "?confirmSwapChange=true" : ""}`);
}

export function useDeleteShift() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteShift, onSuccess: () => invalidateSchedule(queryClient) });
}
