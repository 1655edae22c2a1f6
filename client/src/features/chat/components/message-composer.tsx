import { CANCELLED_CHAT_NOTICE, MESSAGE_MAX_LENGTH } from "@common/message-rules";
import { SendHorizontal } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useId } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { useDraft } from "@/lib/drafts";
import { useOnline } from "@/lib/use-online";

/** Typed while offline: kept in the box, never queued. */
export const OFFLINE_DRAFT_NOTICE = "You are offline. This message has not been sent; it stays here until you send it.";

/** Enter sends, Shift+Enter breaks the line; nothing empty or whitespace-only is sent. */
export function MessageComposer({
  swapRequestId,
  onSend,
  sending,
  cancelled,
}: {
  /** Whose draft the box shows: it survives a change of layout or of conversation. */
  swapRequestId: number;
  /** Resolves true when the message was sent (the box is then cleared). */
  onSend: (content: string) => Promise<boolean>;
  sending: boolean;
  cancelled: boolean;
}) {
  const [text, setText] = useDraft(swapRequestId);
  const noticeId = useId();
  const offlineNoteId = useId();
  const online = useOnline();
  const blank = text.trim().length === 0;
  const disabled = cancelled || sending || !online;

  const submit = async () => {
    if (disabled || blank) return;
    const sent = text;
    if (await onSend(sent.trim())) setText((current) => (current === sent ? "" : current));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 border-t border-border px-4 py-4 sm:px-6">
      {cancelled && (
        <p id={noticeId} role="status" className="rounded-md bg-muted px-3 py-2 text-sm font-semibold text-foreground">
          {CANCELLED_CHAT_NOTICE}
        </p>
      )}
      {!online && !cancelled && !blank && (
        <p
          id={offlineNoteId}
          role="status"
          className="rounded-md bg-muted px-3 py-2 text-sm font-semibold text-foreground"
        >
          {OFFLINE_DRAFT_NOTICE}
        </p>
      )}
      <div className="flex items-end gap-2">
        <Textarea
          aria-label="Message"
          placeholder="Type a message..."
          value={text}
          onChange={(e) => setText(() => e.target.value)}
          onKeyDown={onKeyDown}
          disabled={cancelled}
          aria-describedby={cancelled ? noticeId : !online && !blank ? offlineNoteId : undefined}
          maxLength={MESSAGE_MAX_LENGTH}
          rows={3}
          className="min-h-20 resize-none"
        />
        <Button needsConnection type="submit" size="icon" disabled={disabled || blank} aria-label="Send message">
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
