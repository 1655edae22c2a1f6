import { PageHeader } from "@/components/page-header";
import { BrowseByHubPending } from "@/features/hubs/components/browse-by-hub-frame";

export const BROWSE_LABEL = "Select Hub & Browse Clinicians";

// Wide: hub browsing and open requests on the left, the user's requests on the right.
export const SWAP_REQUESTS_GRID = "grid items-start gap-5 lg:grid-cols-2 lg:grid-rows-[auto_1fr]";

export function SwapRequestsHeader() {
  return (
    <PageHeader
      title="Shift Swap Requests"
      description="Find a colleague to work your shift, and keep track of every request."
    />
  );
}

/** What /swap-requests draws before its code and the session have arrived, where the screen draws it. */
export function SwapRequestsPendingHead() {
  return (
    <>
      <SwapRequestsHeader />
      <div className={SWAP_REQUESTS_GRID}>
        <div className="min-w-0">
          <BrowseByHubPending buttonLabel={BROWSE_LABEL} />
        </div>
      </div>
    </>
  );
}
