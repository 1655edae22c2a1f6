import type { Shift, ShiftInput } from "@common/shifts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateSchedule } from "@/lib/invalidate";

export function updateShift({
  id,
  changes,
  confirmSwapChange,
}: {
  id: number;
  changes: Partial<ShiftInput>;
  confirmSwapChange?: boolean;
}): Promise<Shift> {
  return api.patch<Shift>(`/api/shifts/${id}${confirmSwapChange ? "?confirmSwapChange=true" : ""}`, changes);
}

export function useUpdateShift() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateShift, onSuccess: () => invalidateSchedule(queryClient) });
}
