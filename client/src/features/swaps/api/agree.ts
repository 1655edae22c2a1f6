import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { SwapRequest } from "../../../../../common/swaps";
import { invalidateAfterSwapChange } from "./invalidate";

/** The responder may pick one offered return shift; the requester sends no body. */
export function agreeToSwap(id: number, acceptedOfferShiftId?: number | null): Promise<SwapRequest> {
  return api.post<SwapRequest>(
    `/api/swap-requests/${id}/agree`,
    acceptedOfferShiftId ? { acceptedOfferShiftId } : undefined,
  );
}

/** Agree to a swap; the second agreement completes it and changes both calendars. */
export function useAgreeToSwap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, acceptedOfferShiftId }: { id: number; acceptedOfferShiftId?: number | null }) =>
      agreeToSwap(id, acceptedOfferShiftId),
    onSuccess: (request) => invalidateAfterSwapChange(queryClient, { calendars: request.status === "completed" }),
  });
}
