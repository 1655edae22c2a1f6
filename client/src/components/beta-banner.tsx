import { X } from "lucide-react";
import { useContext } from "react";
import { BetaBannerContext } from "@/components/beta-banner-state";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

export function BetaBanner({ className }: { className?: string }) {
  // No provider: this is the page's first paint, drawn before the scripts (first-paint-markup.tsx).
  const state = useContext(BetaBannerContext);
  if (state && !state.open) return null;
  return (
    <aside
      aria-label="Beta notice"
      data-testid="beta-banner"
      className={cn(
        "flex items-center gap-3 rounded-md border border-[#f3c08d] bg-[#fff3e6] py-2 pr-1 pl-3 text-sm text-[#6e2c00]",
        className,
      )}
    >
      <Badge variant="beta">BETA</Badge>
      <p className="min-w-0 flex-1 leading-snug">
        <span className="font-semibold">Beta Version</span> — CrewSwap is still being tested. Always submit agreed swaps
        on GRS as well.
      </p>
      <button
        type="button"
        onClick={state?.close}
        // A tap before the scripts have run would be lost: the first paint's button waits for the app.
        disabled={!state}
        aria-label="Close beta banner"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-[#6e2c00] hover:bg-[#fde3c8]"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}
