import { useState } from "react";
import { PageHeader } from "@/components/page-header";
import { useUser } from "@/features/auth/api/get-user";
import { OpenRequestsCard } from "@/features/swaps/components/open-requests-card";
import { SwapRequestsCard } from "@/features/swaps/components/swap-requests-card";
import { SwapWizard, type SwapWizardTarget } from "@/features/swaps/components/swap-wizard";
import { useDocumentTitle } from "@/lib/use-document-title";
import { BrowseByHubSection } from "./browse-by-hub-section";

export function SwapRequestsPage() {
  useDocumentTitle("Shift Swap Requests");
  const { user } = useUser();
  const [wizardOpen, setWizardOpen] = useState(false);
  const [target, setTarget] = useState<SwapWizardTarget | null>(null);

  if (!user) return null;
  const openWizard = (t: SwapWizardTarget | null) => {
    setTarget(t);
    setWizardOpen(true);
  };

  return (
    <>
      <PageHeader
        title="Shift Swap Requests"
        description="Find a colleague to work your shift, and keep track of every request."
      />
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <div className="flex flex-col gap-5">
          <BrowseByHubSection onRequestSwap={openWizard} />
          <OpenRequestsCard />
        </div>
        <SwapRequestsCard myId={user.id} onNew={() => openWizard(null)} />
      </div>
      <SwapWizard
        open={wizardOpen}
        onOpenChange={(open) => {
          setWizardOpen(open);
          if (!open) setTarget(null);
        }}
        target={target}
      />
    </>
  );
}
