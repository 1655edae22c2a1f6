import type { SwapStatus } from "@common/enums";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { invalidateSchedule } from "@/lib/invalidate";

/**
 * A swap completed by the other party (seen through a refetch) changed my calendar too:
 * refresh my shifts and availability when a request I am watching turns completed.
 */
export function useCalendarRefreshOnCompletion(status: SwapStatus | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    if (status === "completed" && previous.current !== undefined && previous.current !== "completed") {
      void invalidateSchedule(queryClient);
    }
    previous.current = status;
  }, [status, queryClient]);
}
