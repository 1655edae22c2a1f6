import type { QueryClient } from "@tanstack/react-query";
import { useParams } from "wouter";
import { conversationQueryOptions } from "@/features/chat/api/get-conversation";
import { messagesQueryOptions } from "@/features/chat/api/get-messages";
import { BackToMessages } from "@/features/chat/components/back-to-messages";
import { swapRequestQueryOptions } from "@/features/swaps/api/get-swap-request";
import { useDocumentTitle } from "@/lib/use-document-title";
import { ConversationView } from "./conversation-view";

export function ConversationPage() {
  useDocumentTitle("Conversation");
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <div className="flex flex-col gap-4">
        <BackToMessages />
        <p role="alert" className="text-base">
          This conversation does not exist or is not yours.
        </p>
      </div>
    );
  }
  return <ConversationView key={id} swapRequestId={id} back={<BackToMessages />} />;
}

/** What a conversation's first render asks for, started as soon as the session is known (routes.tsx). */
export function prefetchFirstData(client: QueryClient, pathname: string) {
  const id = Number(pathname.split("/")[2]);
  if (!Number.isInteger(id) || id <= 0) return;
  void client.prefetchQuery(conversationQueryOptions(id, true));
  void client.prefetchQuery(swapRequestQueryOptions(id));
  void client.prefetchQuery(messagesQueryOptions(id, true));
}
