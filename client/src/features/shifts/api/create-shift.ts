import type { Shift, ShiftInput } from "@common/shifts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateSchedule } from "@/lib/invalidate";

export function createShift({ input, confirmSwapChange }: { input: ShiftInput; confirmSwapChange?: boolean }) {
  return api.post<Shift>(`/api/shifts${confirmSwapChange ? "?confirmSwapChange=true" : ""}`, input);
}

export function useCreateShift() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createShift, onSuccess: () => invalidateSchedule(queryClient) });
}
