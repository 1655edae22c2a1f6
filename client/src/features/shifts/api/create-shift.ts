import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { Shift, ShiftInput } from "../../../../../common/shifts";
import { invalidateSchedule } from "./invalidate";

export function createShift(input: ShiftInput): Promise<Shift> {
  return api.post<Shift>("/api/shifts", input);
}

export function useCreateShift() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createShift, onSuccess: () => invalidateSchedule(queryClient) });
}
