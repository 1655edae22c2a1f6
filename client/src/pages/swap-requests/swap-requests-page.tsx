import { useState } from "react";
import { PageHeader } from "@/components/page-header";
import { OpenRequestsCard } from "@/features/swaps/components/open-requests-card";
import { SwapRequestsCard } from "@/features/swaps/components/swap-requests-card";
import { SwapWizard } from "@/features/swaps/components/swap-wizard";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useUser } from "@/lib/user";
import { BrowseByHub } from "@/pages/shared/browse-by-hub";

export function SwapRequestsPage() {
  useDocumentTitle("Shift Swap Requests");
  const { user } = useUser();
  const [wizardOpen, setWizardOpen] = useState(false);

  if (!user) return null;

  return (
    <>
      <PageHeader
        title="Shift Swap Requests"
        description="Find a colleague to work your shift, and keep track of every request."
      />
      {/* Wide: hub browsing and open requests on the left, the user's requests on the right. */}
      <div className="grid items-start gap-5 lg:grid-cols-2 lg:grid-rows-[auto_1fr]">
        <div className="min-w-0">
          {/* An Available Off Day chosen in the hub browser opens the swap wizard. */}
          <BrowseByHub buttonLabel="Select Hub & Browse Clinicians" />
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
