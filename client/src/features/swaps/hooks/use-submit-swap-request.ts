import type { PotentialMatch, SwapShift } from "@common/swaps";
import { useLocation } from "wouter";
import { toast } from "@/components/ui/use-toast";
import { isApiError } from "@/lib/api";
import { useCreateSwapRequest } from "../api/create-swap-request";

/** The wizard's last step: create the request, then open its conversation. */
export function useSubmitSwapRequest(onClose: () => void) {
  const [, navigate] = useLocation();
  const create = useCreateSwapRequest();

  const submit = ({
    shift,
    match,
    offers,
    message,
  }: {
    shift: SwapShift;
    match: PotentialMatch | null;
    offers: SwapShift[];
    message: string;
  }) =>
    create.mutate(
      {
        requesterShiftId: shift.id,
        responderId: match?.user.id ?? null,
        responderAvailabilityId: match?.availability.id ?? null,
        offerShiftIds: match ? offers.map((o) => o.id) : [],
        introMessage: message.trim() || undefined,
      },
      {
        onSuccess: (request) => {
          // The introductory message goes out with the request (SPEC §4 'message' step).
          toast({ title: "Swap request created", description: message.trim() ? "Message sent" : undefined });
          onClose();
          navigate(`/messages?request=${request.id}`);
        },
        onError: (error) => {
          if (isApiError(error) && error.body?.message) {
            toast({
              variant: "destructive",
              title: "Error",
              description: `Failed to create swap request: ${error.serverMessage}`,
            });
          } else {
            toast({
              variant: "destructive",
              title: "Error creating request",
              description: "There was a problem creating your swap request.",
            });
          }
        },
      },
    );

  return { submit, submitting: create.isPending };
}
