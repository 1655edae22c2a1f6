import { Users } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { SwapRequestTarget } from "./clinician-row";
import { type HubChoice, HubPickerDialog } from "./hub-picker-dialog";

// The browser (calendar included) and the wizard load when first needed, not with the page.
const ClinicianBrowser = lazy(() => import("./clinician-browser").then((m) => ({ default: m.ClinicianBrowser })));
const SwapWizard = lazy(() =>
  import("@/features/swaps/components/swap-wizard").then((m) => ({ default: m.SwapWizard })),
);

/**
 * Button → 'Select a Hub' → full-screen clinician browser. An Available Off Day there goes to
 * `onRequestSwap`; without one, the flow opens the swap-request wizard itself.
 */
export function HubBrowseFlow({
  buttonLabel,
  onRequestSwap,
  buttonProps,
}: {
  buttonLabel: string;
  onRequestSwap?: (target: SwapRequestTarget) => void;
  buttonProps?: Omit<ButtonProps, "onClick" | "children">;
}) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const [hub, setHub] = useState<HubChoice | null>(null);
  const [browsing, setBrowsing] = useState(false);
  const [target, setTarget] = useState<SwapRequestTarget | null>(null);

  const requestSwap = (next: SwapRequestTarget) => {
    if (onRequestSwap) onRequestSwap(next);
    else setTarget(next);
  };

  return (
    <>
      <Button {...buttonProps} onClick={() => setPickerOpen(true)}>
        <Users aria-hidden="true" />
        {buttonLabel}
      </Button>
      <HubPickerDialog
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        initialHub={hub}
        onSelect={(choice) => {
          setHub(choice);
          setPickerOpen(false);
          setBrowsing(true);
        }}
      />
      {browsing && hub && (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 flex items-center justify-center bg-background/90">
              <Spinner className="size-10" label="Opening the clinician browser" />
            </div>
          }
        >
          <ClinicianBrowser
            hub={hub}
            onClose={() => {
              setBrowsing(false);
              setPickerOpen(true);
            }}
            onRequestSwap={requestSwap}
          />
        </Suspense>
      )}
      {!onRequestSwap && target && (
        <Suspense fallback={null}>
          <SwapWizard open onOpenChange={(open) => !open && setTarget(null)} target={target} />
        </Suspense>
      )}
    </>
  );
}
