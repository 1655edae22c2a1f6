import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { invalidateSchedule } from "@/lib/invalidate";
import { availabilityKeys, shiftKeys } from "@/lib/query-keys";

/** SPEC §4: calendar data refreshes when the current (London) date changes; `onChange` gets the old day. */
export function useDateChangeRefresh(today: string, onChange?: (previous: string) => void) {
  const queryClient = useQueryClient();
  const previous = useRef(today);
  const callback = useRef(onChange);
  callback.current = onChange;
  useEffect(() => {
    if (previous.current === today) return;
    const old = previous.current;
    previous.current = today;
    // A read still in flight was asked before midnight, and invalidating a query's first read only
    // joins it: cancel it so the refetch is a new request.
    void Promise.all([
      queryClient.cancelQueries({ queryKey: shiftKeys.all }),
      queryClient.cancelQueries({ queryKey: availabilityKeys.all }),
    ]).then(() => invalidateSchedule(queryClient));
    callback.current?.(old);
  }, [today, queryClient]);
}
