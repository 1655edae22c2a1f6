import type { Availability } from "@common/shifts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateSchedule } from "@/lib/invalidate";

type Status = Availability["status"];

/** POST /api/availability: writes through to that day's rest day (409 on a working day). */
export function setAvailability({
  confirmSwapChange,
  ...input
}: {
  date: string;
  status: Status;
  confirmSwapChange?: boolean;
}): Promise<Availability> {
  return api.post<Availability>(`/api/availability${confirmSwapChange ? "?confirmSwapChange=true" : ""}`, input);
}

export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAvailability, onSuccess: () => invalidateSchedule(queryClient) });
}
