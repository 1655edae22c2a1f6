import type { Shift } from "@common/shifts";
import type { RosterWarning } from "@common/working-time";
import { format } from "date-fns";
import { useState } from "react";
import { RestWarnings } from "@/components/rest-warnings";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldMessage } from "@/components/ui/field-message";
import { dateOf, kindLabelOf, styleOf, timeRangeLabel } from "@/lib/shift-style";
import { cn } from "@/lib/utils";
import { SwapChangeQuestion } from "../swap-change-question";
import { SwapChangeConfirm } from "./swap-change-confirm";

/** 'Shift Details': type, time, Protected, notes; Close, and Edit / Delete when allowed. */
export function ShiftDetailsDialog({
  shift,
  warnings = [],
  onClose,
  onEdit,
  onDelete,
}: {
  shift: Shift;
  /** Where the roster as it stands breaks working-time rest on this shift. */
  warnings?: readonly RosterWarning[];
  onClose: () => void;
  onEdit?: () => void;
  onDelete?: (confirmSwapChange?: boolean) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [question, setQuestion] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async (confirmSwapChange = false) => {
    if (!onDelete) return;
    setDeleting(true);
    setError(null);
    try {
      await onDelete(confirmSwapChange);
      onClose();
    } catch (e) {
      setConfirming(false);
      if (e instanceof SwapChangeQuestion) setQuestion(e.message);
      else {
        setQuestion(null);
        setError(e instanceof Error ? e.message : "Failed to delete shift. Please try again.");
      }
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !deleting && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Shift Details</DialogTitle>
          <DialogDescription>{format(dateOf(shift.date), "EEEE, MMMM do, yyyy")}</DialogDescription>
        </DialogHeader>
        <ShiftFacts shift={shift} />
        <RestWarnings title="Your roster leaves you short of rest here" warnings={warnings} />
        {error && <FieldMessage role="alert">{error}</FieldMessage>}
        {question ? (
          <SwapChangeConfirm
            question={question}
            busy={deleting}
            action="Delete anyway"
            onKeep={() => setQuestion(null)}
            onConfirm={() => void remove(true)}
          />
        ) : confirming ? (
          <DeleteConfirm deleting={deleting} onKeep={() => setConfirming(false)} onDelete={() => void remove()} />
        ) : (
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            {onEdit && (
              <Button needsConnection onClick={onEdit}>
                Edit
              </Button>
            )}
            {onDelete && (
              <Button needsConnection variant="destructive" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            )}
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** What the entry is: type, time, Protected and notes. */
function ShiftFacts({ shift }: { shift: Shift }) {
  const untimed = shift.shiftType === "rest_day" || shift.shiftType === "annual_leave";
  const time = timeRangeLabel(shift) ?? (untimed ? "All day" : "Time TBD");
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2.5 text-base">
      <dt className="font-semibold text-muted-foreground">Type</dt>
      <dd>
        <span className={cn("inline-flex rounded border px-2 py-0.5 text-sm font-bold", styleOf(shift).chip)}>
          {kindLabelOf(shift)}
        </span>
      </dd>
      <dt className="font-semibold text-muted-foreground">Time</dt>
      <dd>{time}</dd>
      <dt className="font-semibold text-muted-foreground">Protected</dt>
      <dd>{shift.isProtected ? "Yes" : "No"}</dd>
      <dt className="font-semibold text-muted-foreground">Notes</dt>
      <dd className="whitespace-pre-wrap break-words">{shift.notes || "None"}</dd>
    </dl>
  );
}

/** The second step of Delete: keep the entry, or delete it. */
function DeleteConfirm({
  deleting,
  onKeep,
  onDelete,
}: {
  deleting: boolean;
  onKeep: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-md border border-destructive/40 bg-[#fbe9e7] p-3">
      <p className="font-semibold">Delete this entry from your calendar?</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onKeep} disabled={deleting}>
          Keep it
        </Button>
        <Button needsConnection variant="destructive" onClick={onDelete} disabled={deleting}>
          {deleting ? "Deleting..." : "Yes, delete"}
        </Button>
      </div>
    </div>
  );
}
