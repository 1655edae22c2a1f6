import { fullName } from "@common/names";
import type { SwapRequest } from "@common/swaps";
import type { ReactNode } from "react";
import { useLocation } from "wouter";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { formatDay, shiftTimes } from "@/lib/format";
import { useOfferToCover } from "../api/offer-to-cover";
import { failureToast, successToast } from "../toasts";

/** Whose shift an offer to cover is for: an open request, or a cover alert about one. */
export type OfferSubject = {
  requesterShift: Pick<SwapRequest["requesterShift"], "date" | "shiftType" | "startTime" | "endTime">;
  requesterUser: Pick<SwapRequest["requesterUser"], "firstName" | "lastName">;
};

/** 'Offer to work Fri 12 Dec 7:00 AM – 7:00 PM for Cara Jones?' */
function offerQuestion(r: OfferSubject): ReactNode {
  const day = formatDay(r.requesterShift.date, "EEE d MMM");
  return (
    <>
      Offer to work {day} {shiftTimes(r.requesterShift)} for <bdi>{fullName(r.requesterUser)}</bdi>?
    </>
  );
}

/**
 * The question asked once before an offer to cover, which makes me the responder at once: the same
 * words from the open requests list and from a cover alert.
 */
export function OfferConfirmDialog({
  asking,
  onCancel,
  onConfirm,
}: {
  asking: OfferSubject | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog open={asking !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{asking ? offerQuestion(asking) : ""}</AlertDialogTitle>
          <AlertDialogDescription>
            You become the other party of this request and can agree the swap in its conversation.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction needsConnection onClick={onConfirm}>
            Offer to cover
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Offering to cover a request: the toast, then the request's conversation. */
export function useOfferAndOpen() {
  const cover = useOfferToCover();
  const [, navigate] = useLocation();
  const offer = (swapRequestId: number) =>
    cover.mutate(swapRequestId, {
      onSuccess: (r) => {
        successToast(
          "Swap request updated",
          <>
            You offered to cover <bdi>{r.requesterUser.firstName}</bdi>'s shift.
          </>,
        );
        navigate(`/messages?request=${r.id}`);
      },
      onError: (e) => failureToast("Failed to update swap request", e),
    });
  return { offer, busy: cover.isPending };
}
