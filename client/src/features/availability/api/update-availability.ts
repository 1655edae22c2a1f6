import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateSchedule } from "@/features/shifts/api/invalidate";
import { api } from "@/lib/api";
import type { Availability } from "../../../../../common/shifts";

/** PATCH /api/availability/{id}. */
export function updateAvailability({ id, status }: { id: number; status: Availability["status"] }) {
  return api.patch<Availability>(`/api/availability/${id}`, { status });
}

export function useUpdateAvailability() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAvailability, onSuccess: () => invalidateSchedule(queryClient) });
}
