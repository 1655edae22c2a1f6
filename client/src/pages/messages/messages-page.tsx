import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { PageHeader } from "@/components/page-header";
import { conversationsQueryOptions } from "@/features/chat/api/get-conversations";
import { BackToMessages } from "@/features/chat/components/back-to-messages";
import { ConversationList } from "@/features/chat/components/conversation-list";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMediaQuery } from "@/lib/use-media-query";
import { ConversationView } from "@/pages/conversation/conversation-view";

function requestParam(search: string): number | null {
  const value = Number(new URLSearchParams(search).get("request"));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * /messages: the conversation list. /messages?request={id} opens that conversation here (beside
 * the list on wide screens, instead of it on phones) and the address becomes /messages.
 */
export function MessagesPage() {
  useDocumentTitle("Your Conversations");
  const search = useSearch();
  const [, navigate] = useLocation();
  const wide = useMediaQuery("(min-width: 768px)");
  const [selected, setSelected] = useState<number | null>(() => requestParam(search));

  useEffect(() => {
    if (!new URLSearchParams(search).has("request")) return;
    const id = requestParam(search);
    if (id) setSelected(id);
    navigate("/messages", { replace: true });
  }, [search, navigate]);

  if (selected && !wide) {
    return (
      <ConversationView
        key={selected}
        swapRequestId={selected}
        back={<BackToMessages onClick={() => setSelected(null)} />}
      />
    );
  }

  return (
    <>
      <PageHeader title="Your Conversations" />
      {selected ? (
        <div className="grid items-start gap-5 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
          <ConversationList selectedId={selected} onSelect={setSelected} />
          <ConversationView
            key={selected}
            swapRequestId={selected}
            layout="panel"
            onDeleted={() => setSelected(null)}
            back={<BackToMessages onClick={() => setSelected(null)} />}
          />
        </div>
      ) : (
        <ConversationList onSelect={wide ? setSelected : undefined} />
      )}
    </>
  );
}

/** What the inbox's first render asks for, started as soon as the session is known (routes.tsx). */
export function prefetchFirstData(client: QueryClient) {
  void client.prefetchQuery(conversationsQueryOptions(true));
}
