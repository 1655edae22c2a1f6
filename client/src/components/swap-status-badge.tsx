import type { SwapStatus } from "@common/enums";
import { swapStatusLabels } from "@common/swap-rules";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/** SPEC §4 colours: Pending yellow, Accepted blue, Completed green, Declined red, Cancelled grey. */
const colours: Record<SwapStatus, string> = {
  pending: "bg-[#ffeb3b] text-[#212b32]",
  accepted: "bg-[#005eb8] text-white",
  completed: "bg-[#007f3b] text-white",
  declined: "bg-[#d5281b] text-white",
  cancelled: "bg-[#e8edee] text-[#4c6272]",
};

export function SwapStatusBadge({ status, className }: { status: SwapStatus; className?: string }) {
  return (
    <Badge variant="outline" data-status={status} className={cn("border-transparent", colours[status], className)}>
      {swapStatusLabels[status] ?? status}
    </Badge>
  );
}

/** A completed swap whose GRS step is still to do (common/swap-order.ts `awaitsGrs`). */
export function SubmitOnGrsBadge() {
  return (
    <Badge variant="warning" data-testid="submit-on-grs" className="border-[#ffb81c]">
      Submit on GRS
    </Badge>
  );
}
