import type { Availability } from "@common/shifts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateSchedule } from "@/lib/invalidate";

/** PATCH /api/availability/{id}. */
export function updateAvailability({ id, status }: { id: number; status: Availability["status"] }) {
  return api.patch<Availability>(`/api/availability/${id}`, { status });
}

export function useUpdateAvailability() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAvailability, onSuccess: () => invalidateSchedule(queryClient) });
}
