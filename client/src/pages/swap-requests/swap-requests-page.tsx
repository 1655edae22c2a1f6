import type { QueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { openRequestsQueryOptions } from "@/features/swaps/api/get-open-requests";
import { swapRequestsQueryOptions } from "@/features/swaps/api/get-swap-requests";
import { OpenRequestsCard } from "@/features/swaps/components/open-requests-card";
import { SwapRequestsCard } from "@/features/swaps/components/swap-requests-card";
import { SwapWizard } from "@/features/swaps/components/swap-wizard";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useUser } from "@/lib/user";
import { BrowseByHub } from "@/pages/shared/browse-by-hub";
import { BROWSE_LABEL, SWAP_REQUESTS_GRID, SwapRequestsHeader } from "./swap-requests-head";

export function SwapRequestsPage() {
  useDocumentTitle("Shift Swap Requests");
  const { user } = useUser();
  const [wizardOpen, setWizardOpen] = useState(false);

  if (!user) return null;

  return (
    <>
      <SwapRequestsHeader />
      <div className={SWAP_REQUESTS_GRID}>
        <div className="min-w-0">
          {/* An Available Off Day chosen in the hub browser opens the swap wizard. */}
          <BrowseByHub buttonLabel={BROWSE_LABEL} />
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <SwapRequestsCard myId={user.id} onNew={() => setWizardOpen(true)} />
        </div>
        {/* Last on phones: its list is as long as it is, and nothing below it moves when it arrives. */}
        <div className="min-w-0 lg:col-start-1">
          <OpenRequestsCard />
        </div>
      </div>
      <SwapWizard open={wizardOpen} onOpenChange={setWizardOpen} />
    </>
  );
}

/** What the screen's first render asks for, started as soon as the session is known (routes.tsx). */
export function prefetchFirstData(client: QueryClient) {
  void client.prefetchQuery(swapRequestsQueryOptions());
  void client.prefetchQuery(openRequestsQueryOptions());
}
