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
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <div className="flex flex-col gap-5">
          {/* An Available Off Day chosen in the hub browser opens the swap wizard. */}
          <BrowseByHub buttonLabel="Select Hub & Browse Clinicians" />
          <OpenRequestsCard />
        </div>
        <SwapRequestsCard myId={user.id} onNew={() => setWizardOpen(true)} />
      </div>
      <SwapWizard open={wizardOpen} onOpenChange={setWizardOpen} />
    </>
  );
}
