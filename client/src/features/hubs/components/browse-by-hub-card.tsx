import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
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
    <Card data-testid="browse-by-hub-card">
      <CardHeader>
        <CardTitle>Browse by Hub</CardTitle>
        <CardDescription>
          See who is looking for swaps at a hub, and ask a colleague to work one of your shifts.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <HubBrowseFlow
          buttonLabel={buttonLabel}
          onRequestSwap={onRequestSwap}
          aside={aside}
          onBrowse={onBrowse}
          // The longer label wraps on narrow phones instead of pushing the card past the screen edge.
          buttonProps={{ className: "h-auto min-h-11 w-full whitespace-normal text-center sm:w-auto" }}
        />
      </CardContent>
    </Card>
  );
}
