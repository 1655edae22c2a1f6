import type { Message } from "@common/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { conversationsQueryKey, messagesQueryKey } from "@/lib/query-keys";

export function sendMessage(input: { swapRequestId: number; content: string }): Promise<Message> {
  return api.post<Message>("/api/messages", { ...input, isRead: false });
}

export function useSendMessage(swapRequestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => sendMessage({ swapRequestId, content }),
    onSuccess: (message) => {
      queryClient.setQueryData<Message[]>(messagesQueryKey(swapRequestId), (old) =>
        old && !old.some((m) => m.id === message.id) ? [...old, message] : old,
      );
      void queryClient.invalidateQueries({ queryKey: messagesQueryKey(swapRequestId) });
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    },
  });
}
