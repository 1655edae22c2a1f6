import type { QueryClient } from "@tanstack/react-query";
import { conversationsQueryKey } from "@/features/chat/api/get-conversations";
import { allMessagesQueryKey } from "@/features/chat/api/get-messages";
import { invalidateSchedule } from "@/features/shifts/api/invalidate";
import { swapKeys } from "./get-swap-requests";

/**
 * After any change to a swap request: the requests, the conversations (and their messages, which
 * may carry a system note) are refetched; a completed swap also changed both calendars.
 */
export function invalidateAfterSwapChange(queryClient: QueryClient, opts: { calendars?: boolean } = {}) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: swapKeys.all }),
    queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
    queryClient.invalidateQueries({ queryKey: allMessagesQueryKey }),
    opts.calendars ? invalidateSchedule(queryClient) : undefined,
  ]);
}
