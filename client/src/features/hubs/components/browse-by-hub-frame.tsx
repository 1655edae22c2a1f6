import { Users } from "lucide-react";
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The 'Browse by Hub' card around its content (the hub browser, or its button drawn still). */
export function BrowseByHubFrame({ children }: { children: ReactNode }) {
  return (
    <Card data-testid="browse-by-hub-card">
      <CardHeader>
        <CardTitle>Browse by Hub</CardTitle>
        <CardDescription>
          See who is looking for swaps at a hub, and ask a colleague to work one of your shifts.
        </CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

// The longer label wraps on narrow phones instead of pushing the card past the screen edge.
export const BROWSE_BUTTON_CLASS = "h-auto min-h-11 w-full whitespace-normal text-center sm:w-auto";

/** The button that opens the hub picker. */
export function HubBrowseButton({ label, ...props }: ButtonProps & { label: string }) {
  return (
    <Button {...props}>
      <Users aria-hidden="true" />
      {label}
    </Button>
  );
}

/** The card as a screen's first paint draws it, before the hub browser's code has arrived. */
export function BrowseByHubPending({ buttonLabel }: { buttonLabel: string }) {
  return (
    <BrowseByHubFrame>
      {/* Drawn as it looks, but not ready until the app arrives: said so, not greyed out. */}
      <HubBrowseButton label={buttonLabel} className={BROWSE_BUTTON_CLASS} aria-disabled />
    </BrowseByHubFrame>
  );
}
