import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateSchedule } from "./invalidate";

export function deleteShift(id: number): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`/api/shifts/${id}`);
}

export function useDeleteShift() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteShift, onSuccess: () => invalidateSchedule(queryClient) });
}
