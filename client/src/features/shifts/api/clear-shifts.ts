import type { ClearedShifts } from "@common/shifts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateSchedule } from "@/lib/invalidate";

/** A month (1..12) of a year, or a whole year when month is absent. */
export type ClearScope = { year: number; month?: number };

export function clearShifts({ year, month }: ClearScope): Promise<ClearedShifts> {
  const path = month ? `/api/shifts/clear/month/${year}/${month}` : `/api/shifts/clear/year/${year}`;
  return api.delete<ClearedShifts>(path);
}

export function useClearShifts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: clearShifts, onSettled: () => invalidateSchedule(queryClient) });
}
