import type { Conversation } from "@common/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { conversationsQueryKey } from "@/lib/query-keys";
import { useSocketStatus } from "../hooks/use-socket-status";

export function getConversations(): Promise<Conversation[]> {
  return api.get<Conversation[]>("/api/conversations");
}

/** The /messages list; refreshed by socket events, or polled every 5 s while the socket is down. */
export function conversationsQueryOptions(live: boolean) {
  return queryOptions({
    queryKey: conversationsQueryKey,
    queryFn: getConversations,
    staleTime: 5000,
    refetchInterval: live ? false : 5000,
  });
}

export function useConversations() {
  const live = useSocketStatus() === "open";
  return useQuery(conversationsQueryOptions(live));
}
