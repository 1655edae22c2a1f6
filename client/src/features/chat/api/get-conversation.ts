import type { Conversation } from "@common/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { conversationsQueryKey } from "@/lib/query-keys";
import { useSocketStatus } from "../hooks/use-socket-status";

export const conversationQueryKey = (swapRequestId: number) => [...conversationsQueryKey, swapRequestId] as const;

export function getConversation(swapRequestId: number): Promise<Conversation> {
  return api.get<Conversation>(`/api/conversations/${swapRequestId}`);
}

export function conversationQueryOptions(swapRequestId: number, live: boolean) {
  return queryOptions({
    queryKey: conversationQueryKey(swapRequestId),
    queryFn: () => getConversation(swapRequestId),
    staleTime: 5000,
    refetchInterval: live ? false : 5000,
  });
}

/** One conversation's header data (counterpart, shift, status). */
export function useConversation(swapRequestId: number) {
  const live = useSocketStatus() === "open";
  return useQuery(conversationQueryOptions(swapRequestId, live));
}
