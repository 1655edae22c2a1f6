import { lazy, Suspense, useState } from "react";
import { BrowseByHubCard } from "@/features/hubs/components/browse-by-hub-card";
import type { SwapRequestTarget } from "@/features/hubs/components/clinician-row";

// Both load when first needed, not with the page. The panel downloads alongside the clinician
// browser (from the moment a hub is chosen) and shows with it, under the browser's spinner.
const loadAvailabilityPanel = () => import("@/features/shifts/components/my-availability-panel");
const MyAvailabilityPanel = lazy(() => loadAvailabilityPanel().then((m) => ({ default: m.MyAvailabilityPanel })));
const SwapWizard = lazy(() =>
  import("@/features/swaps/components/swap-wizard").then((m) => ({ default: m.SwapWizard })),
);

/**
 * The 'Browse by Hub' card of the dashboard and of /swap-requests, put together from three
 * features: the hub browser shows my availability beside the list, and an Available Off Day
 * chosen there opens the swap-request wizard.
 */
export function BrowseByHub({ buttonLabel }: { buttonLabel?: string }) {
  const [target, setTarget] = useState<SwapRequestTarget | null>(null);
  return (
    <>
      <BrowseByHubCard
        buttonLabel={buttonLabel}
        onRequestSwap={setTarget}
        aside={<MyAvailabilityPanel defaultOpen={false} />}
        onBrowse={() => void loadAvailabilityPanel()}
      />
      {target && (
        <Suspense fallback={null}>
          <SwapWizard open onOpenChange={(open) => !open && setTarget(null)} target={target} />
        </Suspense>
      )}
    </>
  );
}
