import type { QueryClient } from "@tanstack/react-query";
import { allMessagesQueryKey, availabilityKeys, conversationsQueryKey, shiftKeys, swapKeys } from "./query-keys";

// Changes that reach across domains refresh every query they touch from here, so no feature
// imports another's keys.

/** After any shift change: shifts and the availability derived from them are refetched. */
export function invalidateSchedule(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: shiftKeys.all }),
    queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  ]);
}

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
