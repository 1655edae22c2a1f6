import type { ReactNode } from "react";
import { BROWSE_BUTTON_CLASS, BrowseByHubFrame } from "./browse-by-hub-frame";
import type { SwapRequestTarget } from "./clinician-row";
import { HubBrowseFlow } from "./hub-browse-flow";

/** The 'Browse by Hub' card of the dashboard and of /swap-requests. */
export function BrowseByHubCard({
  buttonLabel = "Select Hub & Browse",
  onRequestSwap,
  aside,
  onBrowse,
}: {
  buttonLabel?: string;
  onRequestSwap: (target: SwapRequestTarget) => void;
  aside?: ReactNode;
  onBrowse?: () => void;
}) {
  return (
    <BrowseByHubFrame>
      <HubBrowseFlow
        buttonLabel={buttonLabel}
        onRequestSwap={onRequestSwap}
        aside={aside}
        onBrowse={onBrowse}
        buttonProps={{ className: BROWSE_BUTTON_CLASS }}
      />
    </BrowseByHubFrame>
  );
}
