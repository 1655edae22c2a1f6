import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { Shift, ShiftInput } from "../../../../../common/shifts";
import { invalidateSchedule } from "./invalidate";

export function updateShift({ id, changes }: { id: number; changes: Partial<ShiftInput> }): Promise<Shift> {
  return api.patch<Shift>(`/api/shifts/${id}`, changes);
}

export function useUpdateShift() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateShift, onSuccess: () => invalidateSchedule(queryClient) });
}
