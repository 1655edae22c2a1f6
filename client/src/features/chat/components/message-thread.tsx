import type { Message } from "@common/messages";
import { fullName } from "@common/names";
import { format } from "date-fns";
import { Check, CheckCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { LONG_DATE } from "@/lib/format";
import { TIME_FORMAT as TIME } from "@/lib/shift-times";
import { cn, initials } from "@/lib/utils";

type Group = { key: string; label: string; messages: Message[] };

function groupByDay(messages: Message[]): Group[] {
  const groups: Group[] = [];
  for (const m of messages) {
    const at = new Date(m.createdAt);
    const key = format(at, "yyyy-MM-dd");
    const last = groups[groups.length - 1];
    if (last?.key === key) last.messages.push(m);
    else groups.push({ key, label: format(at, LONG_DATE), messages: [m] });
  }
  return groups;
}

type Other = { initials: string; name: string };
/** A party of a conversation of more than two. */
type Person = { id: number; firstName: string; lastName: string };

function Bubble({
  message,
  own,
  other,
  named,
}: {
  message: Message;
  own: boolean;
  other: Other;
  /** With more than one other party, whose message it is shows above it. */
  named: boolean;
}) {
  const time = format(new Date(message.createdAt), TIME);
  return (
    <li
      data-testid="chat-message"
      data-own={own ? "true" : "false"}
      className={cn("flex items-end gap-2", own ? "justify-end" : "justify-start")}
    >
      {!own && (
        // The initials stand for a name that may be long: the whole of it is the avatar's title.
        <Avatar className="size-8" title={other.name}>
          <AvatarFallback className="text-xs">{other.initials}</AvatarFallback>
        </Avatar>
      )}
      <div
        className={cn(
          // min-w-0 and overflow-wrap:anywhere: one unbroken word wraps inside the bubble, never widens the page.
          "flex min-w-0 max-w-[80%] flex-col gap-1 rounded-2xl px-3.5 py-2 shadow-xs sm:max-w-[70%]",
          own ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm bg-muted text-foreground",
        )}
      >
        {named && !own && (
          <p className="text-xs font-semibold" data-testid="chat-sender">
            <bdi>{other.name}</bdi>
          </p>
        )}
        <p dir="auto" className="whitespace-pre-wrap text-base [overflow-wrap:anywhere]">
          {message.content}
        </p>
        <p
          className={cn(
            "flex items-center justify-end gap-1 text-xs",
            own ? "text-primary-foreground/90" : "text-muted-foreground",
          )}
        >
          <time dateTime={message.createdAt}>{time}</time>
          {own &&
            (message.isRead ? (
              <CheckCheck aria-label="Read" role="img" data-testid="read-tick" className="size-4" />
            ) : (
              <Check aria-label="Sent" role="img" data-testid="sent-tick" className="size-4" />
            ))}
        </p>
      </div>
    </li>
  );
}

/** The conversation's messages, grouped by day, newest at the bottom (kept in view). */
export function MessageThread({
  messages,
  myId,
  other,
  people,
}: {
  messages: Message[];
  myId: number;
  other: Other;
  people?: Person[];
}) {
  const senderOf = (senderId: number): Other => {
    const person = people?.find((p) => p.id === senderId);
    if (!person) return other;
    return { name: fullName(person), initials: initials(person.firstName, person.lastName) };
  };
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = messages[messages.length - 1]?.id;
  useEffect(() => {
    const el = scroller.current;
    if (el && lastId !== undefined) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  if (messages.length === 0) {
    return (
      <div className="flex min-h-48 flex-col items-center justify-center gap-1 px-4 py-10 text-center">
        <p className="text-lg font-semibold">No messages yet</p>
        <p className="text-base text-muted-foreground">Send a message to start the conversation</p>
      </div>
    );
  }
  return (
    <div
      ref={scroller}
      role="log"
      aria-label="Messages"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="flex max-h-[min(60dvh,36rem)] min-h-48 flex-col gap-5 overflow-y-auto px-4 py-4 sm:px-6"
    >
      {groupByDay(messages).map((group) => (
        <section key={group.key} aria-label={group.label} className="flex flex-col gap-3">
          <h3 className="self-center rounded-full bg-muted px-3 py-1 text-xs font-semibold text-muted-foreground">
            {group.label}
          </h3>
          <ul className="flex flex-col gap-2">
            {group.messages.map((m) => (
              <Bubble
                key={m.id}
                message={m}
                own={m.senderId === myId}
                other={senderOf(m.senderId)}
                named={people !== undefined}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
