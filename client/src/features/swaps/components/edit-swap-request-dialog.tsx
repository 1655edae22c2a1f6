import { compareDays } from "@common/dates";
import { allowedActions, MAX_OFFERS } from "@common/swap-rules";
import type { SwapRequest, SwapShift } from "@common/swaps";
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
import { useFindMatches } from "../api/find-matches";
import { useEditRequestActions } from "../hooks/use-edit-request-actions";
import { useOfferWarnings } from "../hooks/use-offer-warnings";
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
  const { save, cancel, destroy, saving, busy } = useEditRequestActions(r, onClose);
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
        <OffersFieldset
          firstName={r.responderUser?.firstName}
          loading={matches.isPending}
          candidates={candidates}
          selected={offerIds}
          onChange={setOfferIds}
          warnings={offerWarnings}
        />
      )}

      {confirming && (
        <EndRequestConfirm
          confirming={confirming}
          busy={busy}
          onConfirm={confirming === "cancel" ? cancel : destroy}
          onKeep={() => setConfirming(null)}
        />
      )}

      <EditFooter
        canCancel={allowed.includes("cancel")}
        canDelete={allowed.includes("delete")}
        canEdit={canEdit}
        busy={busy}
        saving={saving}
        loading={matches.isPending}
        onCancel={() => setConfirming("cancel")}
        onDelete={() => setConfirming("delete")}
        onSave={() => save(offerIds)}
      />
    </>
  );
}

/** The shifts offered in return, to change; changing them clears both agreements. */
function OffersFieldset({
  firstName,
  loading,
  candidates,
  selected,
  onChange,
  warnings,
}: {
  firstName: string | undefined;
  loading: boolean;
  candidates: SwapShift[];
  selected: number[];
  onChange: (ids: number[]) => void;
  warnings: ReturnType<typeof useOfferWarnings>;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-base">
        Shifts you offer to cover for <bdi>{firstName}</bdi> (up to {MAX_OFFERS}). Changing them clears both agreements.
      </legend>
      {loading ? (
        <Spinner label="Loading shifts" />
      ) : candidates.length === 0 ? (
        <p className="rounded-md bg-muted p-3 text-muted-foreground">
          <bdi>{firstName}</bdi> has no shifts needing cover on days you are free.
        </p>
      ) : (
        <OfferPicker
          shifts={candidates}
          selected={selected}
          onChange={onChange}
          name="edit-offer"
          warnings={warnings}
        />
      )}
    </fieldset>
  );
}

/** The second step of Cancel request or Delete request. */
function EndRequestConfirm({
  confirming,
  busy,
  onConfirm,
  onKeep,
}: {
  confirming: "cancel" | "delete";
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-md border-2 border-destructive p-3" role="alert">
      <p>
        {confirming === "cancel"
          ? "Cancel this swap request? The conversation stays, but no more messages can be sent."
          : "Delete this swap request and its conversation for both of you? This cannot be undone."}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button needsConnection variant="destructive" onClick={onConfirm} disabled={busy}>
          {confirming === "cancel" ? "Yes, cancel request" : "Yes, delete request"}
        </Button>
        <Button variant="outline" onClick={onKeep} disabled={busy}>
          Keep it
        </Button>
      </div>
    </div>
  );
}

/** Cancel request and Delete request on one side, Save changes on the other. */
function EditFooter({
  canCancel,
  canDelete,
  canEdit,
  busy,
  saving,
  loading,
  onCancel,
  onDelete,
  onSave,
}: {
  canCancel: boolean;
  canDelete: boolean;
  canEdit: boolean;
  busy: boolean;
  saving: boolean;
  loading: boolean;
  onCancel: () => void;
  onDelete: () => void;
  onSave: () => void;
}) {
  return (
    <DialogFooter className="sm:justify-between">
      <div className="flex flex-col gap-2 sm:flex-row">
        {canCancel && (
          <Button needsConnection variant="outline" onClick={onCancel} disabled={busy}>
            Cancel request
          </Button>
        )}
        {canDelete && (
          <Button needsConnection variant="ghost" className="text-destructive" onClick={onDelete} disabled={busy}>
            Delete request
          </Button>
        )}
      </div>
      {canEdit && (
        <Button needsConnection onClick={onSave} disabled={busy || loading}>
          {saving ? "Saving..." : "Save changes"}
        </Button>
      )}
    </DialogFooter>
  );
}
