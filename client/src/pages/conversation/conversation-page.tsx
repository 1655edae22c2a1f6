import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { ComingSoon } from "@/components/coming-soon";

export function ConversationPage() {
  return (
    <>
      <Link
        href="/messages"
        className="inline-flex items-center gap-1.5 self-start rounded-md text-base font-semibold text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to all messages
      </Link>
      <ComingSoon title="Conversation" line="The chat for this swap request is coming soon." />
    </>
  );
}
