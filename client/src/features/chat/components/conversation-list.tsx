import type { Conversation } from "@common/messages";
import { fullName } from "@common/names";
import { awaitsGrs, splitByShift } from "@common/swap-order";
import { MessageSquare } from "lucide-react";
import type { MouseEvent } from "react";
import { Link } from "wouter";
import { SubmitOnGrsBadge, SwapStatusBadge } from "@/components/swap-status-badge";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { UnreadBadge } from "@/components/unread-badge";
import { errorMessage } from "@/lib/api";
import { DAY_WITH_WEEKDAY, formatDay, formatInstant, SHORT_DATE, shiftTimes, shiftTypeLabel } from "@/lib/format";
import { useToday } from "@/lib/use-today";
import { useUser } from "@/lib/user";
import { cn, initials } from "@/lib/utils";
import { useConversations } from "../api/get-conversations";
import { conversationOrderKey, counterpartName, requesterLine } from "../format";

function ConversationRow({
  conversation: c,
  selected,
  grsStep,
  onSelect,
}: {
  conversation: Conversation;
  selected: boolean;
  /** The swap is completed and still to be submitted on GRS. */
  grsStep: boolean;
  onSelect?: (id: number) => void;
}) {
  const { user } = useUser();
  const name = counterpartName(c, user?.id);
  const unread = c.unreadCount > 0;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onSelect || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onSelect(c.swapRequestId);
  };
  return (
    <li>
      <Link
        href={`/messages/${c.swapRequestId}`}
        onClick={open}
        aria-current={selected ? "true" : undefined}
        data-testid="conversation-row"
        data-unread={unread ? "true" : "false"}
        className={cn(
          "flex gap-3 rounded-lg border border-border bg-card p-4 text-foreground shadow-xs transition-colors hover:bg-primary-soft/60",
          selected && "border-primary bg-primary-soft ring-1 ring-primary",
          unread && "border-l-4 border-l-primary",
        )}
      >
        <Avatar className="size-10">
          <AvatarFallback>
            {c.otherParty ? initials(c.otherParty.firstName, c.otherParty.lastName) : "?"}
          </AvatarFallback>
        </Avatar>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex items-start justify-between gap-2">
            <bdi className={cn("min-w-0 text-base", unread ? "font-bold" : "font-semibold")}>{name}</bdi>
            <span className="flex shrink-0 items-center gap-2">
              <UnreadBadge count={c.unreadCount} />
              <SwapStatusBadge status={c.status} />
            </span>
          </div>
          <p className="text-sm text-foreground">
            <span className="font-semibold">{formatDay(c.shift.date, DAY_WITH_WEEKDAY)}</span>
            {" · "}
            {shiftTypeLabel(c.shift.shiftType)}
            {" · "}
            {shiftTimes(c.shift)}
          </p>
          {grsStep && <SubmitOnGrsBadge />}
          <p className="text-sm text-muted-foreground">
            {c.youRequested || !c.requester ? (
              requesterLine(c)
            ) : (
              <>
                <bdi>{fullName(c.requester)}</bdi> requesting swap
              </>
            )}
            {c.hub && ` · ${c.hub}`}
          </p>
          {c.lastMessage && (
            <p className={cn("truncate text-sm", unread ? "font-semibold text-foreground" : "text-muted-foreground")}>
              {c.lastMessage.content}
            </p>
          )}
          <p className="text-xs text-muted-foreground">Created {formatInstant(c.createdAt, SHORT_DATE)}</p>
        </div>
      </Link>
    </li>
  );
}

/** 'Your Conversations': one row per swap request the user is party to. */
export function ConversationList({
  selectedId,
  onSelect,
}: {
  selectedId?: number | null;
  /** Open a conversation beside the list instead of navigating to it. */
  onSelect?: (id: number) => void;
}) {
  const { data, isPending, isError, error } = useConversations();
  const today = useToday();
  if (isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading conversations" />
      </div>
    );
  }
  if (isError) {
    return (
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <p role="alert" className="text-base text-destructive">
            {errorMessage(error, "Something went wrong. Please try again.")}
          </p>
        </CardContent>
      </Card>
    );
  }
  if (data.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
          <MessageSquare aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="text-lg font-semibold">No messages yet</p>
          <Button asChild>
            <Link href="/swap-requests">Create Swap Request</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  const { active, past } = splitByShift(data, conversationOrderKey, today);
  const rows = (list: Conversation[]) =>
    list.map((c) => (
      <ConversationRow
        key={c.swapRequestId}
        conversation={c}
        selected={selectedId === c.swapRequestId}
        grsStep={awaitsGrs(conversationOrderKey(c), today)}
        onSelect={onSelect}
      />
    ));
  return (
    <div className="flex flex-col gap-3">
      {active.length > 0 && (
        <ul aria-label="Conversations" className="flex flex-col gap-3">
          {rows(active)}
        </ul>
      )}
      {past.length > 0 && (
        <>
          <h2 className="text-lg font-bold text-muted-foreground">Past</h2>
          <ul aria-label="Past conversations" className="flex flex-col gap-3">
            {rows(past)}
          </ul>
        </>
      )}
    </div>
  );
}
