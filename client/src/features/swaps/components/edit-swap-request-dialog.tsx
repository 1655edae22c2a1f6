import { compareDays } from "@common/dates";
import { allowedActions, MAX_OFFERS } from "@common/swap-rules";
import type { SwapRequest } from "@common/swaps";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { formatDay, LONG_DATE, shiftTimes, shiftTypeLabel } from "@/lib/format";
import { useDeleteSwapRequest } from "../api/delete-swap-request";
import { useFindMatches } from "../api/find-matches";
import { useUpdateSwapRequest } from "../api/update-swap-request";
import { useOfferWarnings } from "../hooks/use-offer-warnings";
import { failureToast, successToast } from "../toasts";
import { OfferPicker } from "./offer-picker";
/**
 * The requester's edit/cancel control: change the shifts offered in return (which clears both
 * agreements), cancel the request, or delete it with its conversation.
 */
export function EditSwapRequestDialog({
  request: r,
  open,
  onOpenChange,
}: {
  request: SwapRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open && <EditBody request={r} onClose={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function EditBody({ request: r, onClose }: { request: SwapRequest; onClose: () => void }) {
  const state = {
    status: r.status,
    requesterAgreed: r.requesterAgreed,
    responderAgreed: r.responderAgreed,
    hasResponder: r.responderId !== null,
  };
  const allowed = allowedActions("requester", state);
  const canEdit = allowed.includes("edit") && r.responderId !== null;
  const matches = useFindMatches(canEdit ? r.requesterShiftId : null);
  const update = useUpdateSwapRequest();
  const remove = useDeleteSwapRequest();
  const [offerIds, setOfferIds] = useState<number[]>(r.offers.map((o) => o.shiftId));
  const [confirming, setConfirming] = useState<"cancel" | "delete" | null>(null);

  // Offers still on the request stay choosable even if the match list no longer shows them.
  const candidates = [
    ...r.offers.map((o) => o.shift),
    ...(matches.data?.find((m) => m.user.id === r.responderId)?.seekingCoverageShifts ?? []).filter(
      (s) => !r.offers.some((o) => o.shiftId === s.id),
    ),
  ].sort((a, b) => compareDays(a.date, b.date));
  const offerWarnings = useOfferWarnings(r.requesterShift, candidates);

  const save = () =>
    update.mutate(
      { id: r.id, changes: { offerShiftIds: offerIds } },
      {
        onSuccess: () => {
          successToast("Swap request updated");
          onClose();
        },
        onError: (e) => failureToast("Failed to update swap request", e),
      },
    );
  const cancel = () =>
    update.mutate(
      { id: r.id, changes: { status: "cancelled" } },
      {
        onSuccess: () => {
          successToast("Swap request updated", "The swap request was cancelled.");
          onClose();
        },
        onError: (e) => failureToast("Failed to update swap request", e),
      },
    );
  const destroy = () =>
    remove.mutate(r.id, {
      onSuccess: () => {
        successToast("Request deleted");
        onClose();
      },
      onError: (e) => failureToast("Failed to delete request", e),
    });

  const busy = update.isPending || remove.isPending;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit swap request</DialogTitle>
        <DialogDescription>
          {shiftTypeLabel(r.requesterShift.shiftType)} on {formatDay(r.requesterShift.date, LONG_DATE)} (
          {shiftTimes(r.requesterShift)})
        </DialogDescription>
      </DialogHeader>

      {canEdit && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-base">
            Shifts you offer to cover for <bdi>{r.responderUser?.firstName}</bdi> (up to {MAX_OFFERS}). Changing them
            clears both agreements.
          </legend>
          {matches.isPending ? (
            <Spinner label="Loading shifts" />
          ) : candidates.length === 0 ? (
            <p className="rounded-md bg-muted p-3 text-muted-foreground">
              <bdi>{r.responderUser?.firstName}</bdi> has no shifts needing cover on days you are free.
            </p>
          ) : (
            <OfferPicker
              shifts={candidates}
              selected={offerIds}
              onChange={setOfferIds}
              name="edit-offer"
              warnings={offerWarnings}
            />
          )}
        </fieldset>
      )}

      {confirming && (
        <div className="flex flex-col gap-2 rounded-md border-2 border-destructive p-3" role="alert">
          <p>
            {confirming === "cancel"
              ? "Cancel this swap request? The conversation stays, but no more messages can be sent."
              : "Delete this swap request and its conversation for both of you? This cannot be undone."}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              needsConnection
              variant="destructive"
              onClick={confirming === "cancel" ? cancel : destroy}
              disabled={busy}
            >
              {confirming === "cancel" ? "Yes, cancel request" : "Yes, delete request"}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={busy}>
              Keep it
            </Button>
          </div>
        </div>
      )}

      <DialogFooter className="sm:justify-between">
        <div className="flex flex-col gap-2 sm:flex-row">
          {allowed.includes("cancel") && (
            <Button needsConnection variant="outline" onClick={() => setConfirming("cancel")} disabled={busy}>
              Cancel request
            </Button>
          )}
          {allowed.includes("delete") && (
            <Button
              needsConnection
              variant="ghost"
              className="text-destructive"
              onClick={() => setConfirming("delete")}
              disabled={busy}
            >
              Delete request
            </Button>
          )}
        </div>
        {canEdit && (
          <Button needsConnection onClick={save} disabled={busy || matches.isPending}>
            {update.isPending ? "Saving..." : "Save changes"}
          </Button>
        )}
      </DialogFooter>
    </>
  );
}
