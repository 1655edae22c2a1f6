import { lazy, type ReactNode, Suspense, useState } from "react";
import type { ButtonProps } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { HubBrowseButton } from "./browse-by-hub-frame";
import type { SwapRequestTarget } from "./clinician-row";
import type { HubChoice } from "./hub-picker-dialog";

// The picker (its form and zod schemas) and the browser (calendar included) load when first
// needed, not with the page; the picker as soon as the button is pointed at or focused.
const loadHubPicker = () => import("./hub-picker-dialog");
const HubPickerDialog = lazy(() => loadHubPicker().then((m) => ({ default: m.HubPickerDialog })));
const ClinicianBrowser = lazy(() => import("./clinician-browser").then((m) => ({ default: m.ClinicianBrowser })));

/**
 * Button → 'Select a Hub' → full-screen clinician browser. An Available Off Day there goes to
 * `onRequestSwap` (the screen opens the swap-request wizard); `aside` is shown beside the list.
 */
export function HubBrowseFlow({
  buttonLabel,
  onRequestSwap,
  aside,
  onBrowse,
  buttonProps,
}: {
  buttonLabel: string;
  onRequestSwap: (target: SwapRequestTarget) => void;
  aside?: ReactNode;
  /** A hub was chosen and the browser is opening (the screen can start loading what `aside` needs). */
  onBrowse?: () => void;
  buttonProps?: Omit<ButtonProps, "onClick" | "children">;
}) {
  const [pickerOpen, setPickerOpenState] = useState(false);
  const [pickerUsed, setPickerUsed] = useState(false);
  const setPickerOpen = (open: boolean) => {
    if (open) setPickerUsed(true);
    setPickerOpenState(open);
  };
  const [hub, setHub] = useState<HubChoice | null>(null);
  const [browsing, setBrowsing] = useState(false);

  return (
    <>
      <HubBrowseButton
        {...buttonProps}
        label={buttonLabel}
        onClick={() => setPickerOpen(true)}
        onPointerEnter={() => void loadHubPicker()}
        onFocus={() => void loadHubPicker()}
      />
      {pickerUsed && (
        <Suspense fallback={null}>
          <HubPickerDialog
            open={pickerOpen}
            onOpenChange={setPickerOpen}
            initialHub={hub}
            onSelect={(choice) => {
              setHub(choice);
              setPickerOpen(false);
              setBrowsing(true);
              onBrowse?.();
            }}
          />
        </Suspense>
      )}
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
            onRequestSwap={onRequestSwap}
            aside={aside}
          />
        </Suspense>
      )}
    </>
  );
}
