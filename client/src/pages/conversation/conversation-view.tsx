import type { ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { useConversation } from "@/features/chat/api/get-conversation";
import { ChatCard } from "@/features/chat/components/chat-card";
import { counterpartName } from "@/features/chat/format";
import { useConnectionToasts } from "@/features/chat/hooks/use-connection-toasts";
import { DealBar } from "@/features/swaps/components/deal-bar";
import { SwapDetailsCard } from "@/features/swaps/components/swap-details-card";
import { errorMessage, isApiError } from "@/lib/api";
import { formatDay, LONG_DATE, shiftTypeLabel } from "@/lib/format";
import { useUser } from "@/lib/user";
import { cn } from "@/lib/utils";

/**
 * One conversation: heading (counterpart, date, shift type), the chat and the swap's details.
 * "page" puts the details beside the chat on wide screens; "panel" stacks them (next to the list).
 */
export function ConversationView({
  swapRequestId,
  back,
  layout = "page",
  onDeleted,
}: {
  swapRequestId: number;
  back: ReactNode;
  layout?: "page" | "panel";
  /** After the request (and its conversation) is deleted; by default the card goes to /messages. */
  onDeleted?: () => void;
}) {
  useConnectionToasts();
  const { user } = useUser();
  const conversation = useConversation(swapRequestId);

  if (conversation.isPending || !user) return <PageSpinner label="Loading conversation" />;
  if (conversation.isError) {
    const missing = isApiError(conversation.error) && conversation.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            <p role="alert" className="text-base">
              {missing
                ? "This conversation does not exist or is not yours."
                : errorMessage(conversation.error, "Something went wrong. Please try again.")}
            </p>
          </CardContent>
        </Card>
      </div>
    );
  }

  const c = conversation.data;
  const HeadingTag = layout === "page" ? "h1" : "h2";
  return (
    <div className="flex min-w-0 flex-col gap-4">
      {back}
      <div className="flex flex-col gap-1">
        <HeadingTag className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="conversation-heading">
          <bdi>{counterpartName(c, user.id)}</bdi>
        </HeadingTag>
        <p className="text-base text-muted-foreground">
          {c.participants ? "Three-way swap · " : ""}
          {formatDay(c.shift.date, LONG_DATE)} · {shiftTypeLabel(c.shift.shiftType)}
        </p>
      </div>
      {/* Swap Details come after the whole chat here: the bar keeps the Deal Agreement one tap away. */}
      <DealBar swapRequestId={c.swapRequestId} myId={user.id} className={cn(layout === "page" && "lg:hidden")} />
      <div className={cn("grid items-start gap-5", layout === "page" && "lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]")}>
        <ChatCard conversation={c} myId={user.id} />
        <SwapDetailsCard swapRequestId={c.swapRequestId} onDeleted={onDeleted} />
      </div>
    </div>
  );
}
