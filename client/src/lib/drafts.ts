import { useEffect, useState } from "react";

// Words typed and not yet sent, per conversation, for this tab only (never stored on the device).
// They outlive the composer: turning a phone sideways switches the messages page between its phone
// and panel layouts, which mounts the conversation anew, and opening another conversation and
// coming back should not lose them either.
const drafts = new Map<number, string>();

/** The unsent text of a conversation, kept while the tab lives. */
export function useDraft(swapRequestId: number): [string, (update: (current: string) => string) => void] {
  const [text, setText] = useState(() => drafts.get(swapRequestId) ?? "");
  useEffect(() => {
    if (text) drafts.set(swapRequestId, text);
    else drafts.delete(swapRequestId);
  }, [swapRequestId, text]);
  return [text, setText];
}

/** Signing out forgets every draft: the next user of a shared device never sees them. */
export function forgetDrafts(): void {
  drafts.clear();
}
