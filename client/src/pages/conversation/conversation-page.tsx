import { useParams } from "wouter";
import { BackToMessages } from "@/features/chat/components/back-to-messages";
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
