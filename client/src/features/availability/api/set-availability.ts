import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateSchedule } from "@/features/shifts/api/invalidate";
import { api } from "@/lib/api";
import type { Availability } from "../../../../../common/shifts";

type Status = Availability["status"];

/** POST /api/availability: writes through to that day's rest day (409 on a working day). */
export function setAvailability(input: { date: string; status: Status }): Promise<Availability> {
  return api.post<Availability>("/api/availability", input);
}

export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAvailability, onSuccess: () => invalidateSchedule(queryClient) });
}
