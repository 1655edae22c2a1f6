import type { Conversation, ConversationRead, Message } from "@common/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { conversationsQueryKey, messagesQueryKey, unreadCountQueryKey } from "@/lib/query-keys";

/** Marks every message from the other party in one conversation read (DESIGN §5.13). */
export function markConversationRead(swapRequestId: number): Promise<ConversationRead> {
  return api.post<ConversationRead>(`/api/messages/${swapRequestId}/read`);
}

export function useMarkConversationRead(swapRequestId: number, myId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markConversationRead(swapRequestId),
    onSuccess: () => {
      queryClient.setQueryData<Message[]>(messagesQueryKey(swapRequestId), (old) =>
        old?.map((m) => (m.senderId !== myId && !m.isRead ? { ...m, isRead: true } : m)),
      );
      // The list is not on screen while a phone shows the conversation, so invalidating it does not
      // refetch it: without this, going back shows the conversation unread until the refetch lands.
      queryClient.setQueryData<Conversation[]>(conversationsQueryKey, (old) =>
        old?.map((c) => (c.swapRequestId === swapRequestId ? { ...c, unreadCount: 0 } : c)),
      );
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    },
    onError: (error) => console.error("Could not mark the conversation read", error),
  });
}
