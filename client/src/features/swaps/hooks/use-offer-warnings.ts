import { dealWarnings } from "@common/swap-warnings";
import type { SwapShift } from "@common/swaps";
import type { Warning } from "@common/working-time";
import { useMemo } from "react";
import { useWorkingTimeLimits } from "@/lib/meta";
import { useShifts } from "@/lib/shifts";

/**
 * What covering each of the colleague's shifts in return would do to my rest, by shift id, worked
 * out on the device from my roster with the server's limits (the server checks again when the
 * request is read and agreed). Empty until both are known, or when the checks are off.
 */
export function useOfferWarnings(
  shift: SwapShift | null,
  offers: readonly SwapShift[],
): ReadonlyMap<number, Warning[]> {
  const limits = useWorkingTimeLimits();
  const roster = useShifts();
  return useMemo(() => {
    const byShift = new Map<number, Warning[]>();
    if (!limits || !shift || !roster.data) return byShift;
    for (const offer of offers) {
      const deal = { requesterId: 0, responderId: null, shift, offer };
      const mine = dealWarnings(deal, roster.data, null, limits).filter((w) => w.party === "requester");
      if (mine.length > 0) byShift.set(offer.id, mine);
    }
    return byShift;
  }, [limits, shift, roster.data, offers]);
}
