import type { QueryClient } from "@tanstack/react-query";
import { availabilityKeys } from "@/features/availability/api/get-availability";
import { shiftKeys } from "./get-shifts";

/** After any shift change: shifts and the availability derived from them are refetched. */
export function invalidateSchedule(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: shiftKeys.all }),
    queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  ]);
}
