import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { invalidateSchedule } from "@/lib/invalidate";
import {
  allMessagesQueryKey,
  conversationsQueryKey,
  messagesQueryKey,
  swapKeys,
  unreadCountQueryKey,
} from "@/lib/query-keys";
import { acquireSocket, getSocketStatus, onRealtimeEvent, onSocketStatus, type RealtimeEvent } from "@/lib/socket";

function refreshFor(queryClient: QueryClient, event: RealtimeEvent) {
  const { swapRequestId } = event.payload;
  if (event.type === "COVER_ALERTS_CHANGED") {
    // Not a party: only the lists that offer the request to cover it.
    void queryClient.invalidateQueries({ queryKey: swapKeys.coverAlerts() });
    void queryClient.invalidateQueries({ queryKey: swapKeys.open() });
    return;
  }
  // A swap change may also add a note to the conversation (e.g. a cancellation), so both refresh it.
  void queryClient.invalidateQueries({ queryKey: messagesQueryKey(swapRequestId) });
  void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
  void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
  if (event.type === "SWAP_UPDATED") {
    void queryClient.invalidateQueries({ queryKey: swapKeys.all });
    // A completed swap moves shifts between both calendars.
    void invalidateSchedule(queryClient);
  }
}

/** After a gap in the connection, events may have been missed: refresh everything they touch. */
function refreshAll(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: allMessagesQueryKey });
  void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
  void queryClient.invalidateQueries({ queryKey: swapKeys.all });
  void invalidateSchedule(queryClient);
}

/** Holds the tab's socket while signed in and turns its events into query refreshes. */
export function useRealtimeUpdates(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const release = acquireSocket();
    let missed = getSocketStatus() === "down";
    const offEvent = onRealtimeEvent((event) => refreshFor(queryClient, event));
    const offStatus = onSocketStatus((status) => {
      if (status === "down") missed = true;
      if (status === "open" && missed) {
        missed = false;
        refreshAll(queryClient);
      }
    });
    return () => {
      offEvent();
      offStatus();
      release();
    };
  }, [enabled, queryClient]);
}
