import type { Conversation } from "@common/messages";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage, isApiError } from "@/lib/api";
import { initials } from "@/lib/utils";
import { conversationQueryKey } from "../api/get-conversation";
import { useMessages } from "../api/get-messages";
import { useMarkConversationRead } from "../api/mark-conversation-read";
import { useSendMessage } from "../api/send-message";
import { counterpartName } from "../format";
import { useDocumentVisible } from "../hooks/use-document-visible";
import { MessageComposer } from "./message-composer";
import { MessageThread } from "./message-thread";

/** The chat of one swap request: its messages and the box to write a new one. */
export function ChatCard({ conversation, myId }: { conversation: Conversation; myId: number }) {
  const id = conversation.swapRequestId;
  const queryClient = useQueryClient();
  const messages = useMessages(id);
  const send = useSendMessage(id);
  const markRead = useMarkConversationRead(id, myId);
  const visible = useDocumentVisible();

  // Opening the conversation (in view) reads the other party's messages, once per newest one.
  const newestUnread = messages.data?.reduce(
    (max, m) => (m.senderId !== myId && !m.isRead && m.id > max ? m.id : max),
    0,
  );
  const markedUpTo = useRef(0);
  const { mutate: markAllRead } = markRead;
  useEffect(() => {
    if (!newestUnread || !visible || newestUnread <= markedUpTo.current) return;
    markedUpTo.current = newestUnread;
    markAllRead();
  }, [newestUnread, visible, markAllRead]);

  const onSend = async (content: string) => {
    try {
      await send.mutateAsync(content);
      return true;
    } catch (error) {
      console.error("Failed to send message", error);
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: conversationQueryKey(id) });
      }
      // SPEC §8: in the chat a failed send is only logged; the text stays in the composer to retry.
      return false;
    }
  };

  const other = conversation.otherParty;
  return (
    <Card className="flex min-w-0 flex-col">
      <CardHeader className="border-b border-border pb-4 sm:pb-4">
        <CardTitle>Chat</CardTitle>
      </CardHeader>
      {messages.isPending ? (
        <div className="flex min-h-48 items-center justify-center">
          <Spinner label="Loading messages" />
        </div>
      ) : messages.isError ? (
        <p role="alert" className="px-6 py-10 text-center text-base text-destructive">
          {errorMessage(messages.error, "Something went wrong. Please try again.")}
        </p>
      ) : (
        <MessageThread
          messages={messages.data}
          myId={myId}
          other={{
            initials: other ? initials(other.firstName, other.lastName) : "?",
            name: counterpartName(conversation),
          }}
          // A three-way swap's conversation names each message's sender.
          people={conversation.participants}
        />
      )}
      <MessageComposer
        swapRequestId={id}
        onSend={onSend}
        sending={send.isPending}
        cancelled={conversation.status === "cancelled"}
      />
    </Card>
  );
}
