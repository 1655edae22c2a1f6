import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";

const TermsDialog = lazy(() => import("./terms-dialog").then((m) => ({ default: m.TermsDialog })));
const PrivacyDialog = lazy(() => import("./privacy-dialog").then((m) => ({ default: m.PrivacyDialog })));

/** "Terms of Use" and "Privacy Policy" links; each opens its dialog (loaded on first use). */
export function LegalLinks() {
  const [open, setOpen] = useState<"terms" | "privacy" | null>(null);
  const onOpenChange = (next: boolean) => {
    if (!next) setOpen(null);
  };
  return (
    <p className="border-t border-border pt-4 text-center text-sm text-muted-foreground">
      By using CrewSwap you agree to the{" "}
      <Button
        variant="link"
        size="inline"
        className="text-sm font-semibold"
        aria-haspopup="dialog"
        onClick={() => setOpen("terms")}
      >
        Terms of Use
      </Button>{" "}
      and the{" "}
      <Button
        variant="link"
        size="inline"
        className="text-sm font-semibold"
        aria-haspopup="dialog"
        onClick={() => setOpen("privacy")}
      >
        Privacy Policy
      </Button>
      .
      <Suspense fallback={null}>
        {open === "terms" && <TermsDialog open onOpenChange={onOpenChange} />}
        {open === "privacy" && <PrivacyDialog open onOpenChange={onOpenChange} />}
      </Suspense>
    </p>
  );
}
