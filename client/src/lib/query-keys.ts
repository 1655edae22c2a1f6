// Query keys of every data domain, in one place: features read them for their own queries, and the
// cross-domain invalidation (lib/invalidate.ts, app/use-realtime.ts) refreshes them without
// importing one feature from another. Nothing else builds keys.

export const shiftKeys = {
  all: ["shifts"] as const,
  list: () => [...shiftKeys.all, "list"] as const,
};

export const availabilityKeys = {
  all: ["availability"] as const,
  range: (start: string, end: string) => [...availabilityKeys.all, start, end] as const,
};

/** Everything of the swaps domain sits under ["swap-requests"], which SWAP_UPDATED invalidates. */
export const swapKeys = {
  all: ["swap-requests"] as const,
  mine: () => [...swapKeys.all, "mine"] as const,
  detail: (id: number) => [...swapKeys.all, "detail", id] as const,
  open: () => [...swapKeys.all, "open"] as const,
  eligibleShifts: (date: string | null) => [...swapKeys.all, "eligible-shifts", date ?? "any"] as const,
  matches: (shiftId: number) => [...swapKeys.all, "matches", shiftId] as const,
  threeWays: (shiftId: number, hub: string | null) => [...swapKeys.all, "three-ways", shiftId, hub ?? "all"] as const,
  /** Under swap requests: a swap change anywhere may take or close one. */
  coverAlerts: () => [...swapKeys.all, "cover-alerts"] as const,
};

export const conversationsQueryKey = ["conversations"] as const;

/** Prefix of every conversation's messages (and of the unread count). */
export const allMessagesQueryKey = ["messages"] as const;
export const messagesQueryKey = (swapRequestId: number) => [...allMessagesQueryKey, swapRequestId] as const;
export const unreadCountQueryKey = [...allMessagesQueryKey, "unread-count"] as const;
