import type { SwapRole } from "@common/swap-rules";
import type { SwapRequest } from "@common/swaps";
import type { Warning } from "@common/working-time";
import { useState } from "react";
import { useAgreeToSwap } from "../api/agree";
import { useWithdrawAgreement } from "../api/unagree";
import { restWarningsOf } from "../components/rest-warnings";
import { failureToast, successToast } from "../toasts";

/**
 * Agreeing to a swap deal and withdrawing the agreement, with the rest warnings that go with it:
 * the party's own warnings must be acknowledged by agreeing again ('I understand and still agree').
 */
export function useDeal(r: SwapRequest, role: SwapRole, offerChoice: number | null) {
  const agree = useAgreeToSwap();
  const withdraw = useWithdrawAgreement();
  // Warnings the server found at agree time (e.g. for another offer than the one shown), until read.
  const [refused, setRefused] = useState<Warning[] | null>(null);
  const mineWarnings = refused ?? r.warnings.filter((w) => w.party === role);
  const theirWarnings = r.warnings.filter((w) => w.party !== role);
  const acknowledging = mineWarnings.length > 0;

  const doAgree = () =>
    agree.mutate(
      {
        id: r.id,
        acceptedOfferShiftId: role === "responder" ? offerChoice : null,
        acknowledgeWarnings: acknowledging,
      },
      {
        onSuccess: (answer) => {
          setRefused(null);
          // The last Agree completes the swap, and what is left to do is the GRS step.
          if (answer.status === "completed")
            successToast(
              "Swap completed",
              r.parties
                ? "Now submit your part of it on GRS."
                : "Now submit the swap on GRS, then tick Submitted on GRS.",
            );
          else successToast("Deal agreed", "You have agreed to this swap deal.");
        },
        onError: (e) => {
          const warnings = restWarningsOf(e);
          if (warnings) setRefused(warnings);
          failureToast("Failed to agree to deal", e);
        },
      },
    );
  const doWithdraw = () =>
    withdraw.mutate(r.id, {
      onSuccess: () => successToast("Agreement withdrawn", "You have withdrawn your agreement to this swap."),
      onError: (e) => failureToast("Failed to withdraw agreement", e),
    });

  return {
    agree: doAgree,
    withdraw: doWithdraw,
    agreeing: agree.isPending,
    busy: agree.isPending || withdraw.isPending,
    mineWarnings,
    theirWarnings,
    acknowledging,
  };
}
