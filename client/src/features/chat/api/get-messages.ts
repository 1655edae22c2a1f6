import type { Message } from "@common/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { messagesQueryKey } from "@/lib/query-keys";
import { useSocketStatus } from "../hooks/use-socket-status";

export function getMessages(swapRequestId: number): Promise<Message[]> {
  return api.get<Message[]>(`/api/messages/${swapRequestId}`);
}

/** SPEC §9: cached 5 s; polled every 5 s while the socket is not connected. */
export function messagesQueryOptions(swapRequestId: number, live: boolean) {
  return queryOptions({
    queryKey: messagesQueryKey(swapRequestId),
    queryFn: () => getMessages(swapRequestId),
    staleTime: 5000,
    refetchInterval: live ? false : 5000,
  });
}

export function useMessages(swapRequestId: number) {
  const live = useSocketStatus() === "open";
  return useQuery(messagesQueryOptions(swapRequestId, live));
}
