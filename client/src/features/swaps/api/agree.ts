import type { SwapRequest } from "@common/swaps";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateAfterSwapChange } from "@/lib/invalidate";

export type AgreeInput = {
  id: number;
  /** The responder may pick one offered return shift; the requester sends none. */
  acceptedOfferShiftId?: number | null;
  /**
   * The caller has read the swap's rest warnings and agrees anyway. Without it, an agreement that
   * breaks the caller's rest is refused (409 with the warnings, whose message the error toast shows).
   */
  acknowledgeWarnings?: boolean;
};

export function agreeToSwap({ id, acceptedOfferShiftId, acknowledgeWarnings }: AgreeInput): Promise<SwapRequest> {
  const body = {
    ...(acceptedOfferShiftId ? { acceptedOfferShiftId } : {}),
    ...(acknowledgeWarnings ? { acknowledgeWarnings: true } : {}),
  };
  return api.post<SwapRequest>(`/api/swap-requests/${id}/agree`, Object.keys(body).length > 0 ? body : undefined);
}

/** Agree to a swap; the second agreement completes it and changes both calendars. */
export function useAgreeToSwap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: agreeToSwap,
    onSuccess: (request) => invalidateAfterSwapChange(queryClient, { calendars: request.status === "completed" }),
  });
}
