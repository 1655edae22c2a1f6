import type { Shift } from "@common/shifts";
import { useId } from "react";
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
import { useShiftForm } from "../hooks/use-shift-form";
import type { ShiftFormState } from "../shift-form-rules";
import { ShiftDateField } from "./shift-date-field";
import { OffDayInterest, ProtectedShift, ShiftNotes, ShiftTimes, ShiftTypeChoices } from "./shift-form-fields";
import { SwapChangeConfirm } from "./swap-change-confirm";

export type ShiftFormTarget = { date: string; editing?: Shift | null };

/**
 * Add or edit one shift. `onSave` resolves when saved (the dialog then closes) or throws an Error
 * whose message is shown here, leaving the dialog open and the calendar as it was.
 */
export function ShiftFormDialog({
  target,
  shifts,
  onSave,
  onClose,
}: {
  target: ShiftFormTarget;
  shifts: Shift[];
  onSave: (form: ShiftFormState, editing: Shift | null, confirmSwapChange?: boolean) => Promise<void>;
  onClose: () => void;
}) {
  const editing = target.editing ?? null;
  const s = useShiftForm({ date: target.date, editing, shifts, onSave, onClose });
  const id = useId();
  const { form, saving } = s;

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent className="max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Shift" : "Add Shift"}</DialogTitle>
          <DialogDescription>
            {editing ? "Change this entry in your calendar." : "Add a shift, rest day or leave to your calendar."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={s.submit} className="flex flex-col gap-4" noValidate aria-busy={saving}>
          <ShiftDateField id={`${id}-date`} value={form.date} onChange={s.changeDate} />
          <ShiftTypeChoices id={id} choice={s.choice} onChoose={(c) => s.choose(c)} />
          {form.shiftType === "rest_day" && (
            <OffDayInterest id={id} checked={form.restDayShiftInterest} onChange={s.change} />
          )}
          {!s.untimed && <ShiftTimes id={id} form={form} onChange={s.change} />}
          <p role="status" aria-live="polite" className="-mt-2 text-sm text-muted-foreground empty:hidden">
            {s.message && <span className="block">{s.message}</span>}
            {s.endsNextDay && <span className="block">Ends the next morning.</span>}
          </p>
          {!s.untimed && <ProtectedShift id={id} checked={form.isProtected} onChange={s.change} />}
          <ShiftNotes id={id} value={form.notes} onChange={s.change} />

          <div aria-live="assertive">{s.error && <FieldMessage role="alert">{s.error}</FieldMessage>}</div>

          {s.question ? (
            <SwapChangeConfirm
              question={s.question}
              busy={saving}
              action={editing ? "Change anyway" : "Add anyway"}
              onKeep={s.dismissQuestion}
              onConfirm={() => void s.save(true)}
            />
          ) : (
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button needsConnection type="submit" disabled={saving}>
                {saving ? "Saving..." : editing ? "Save changes" : "Add shift"}
              </Button>
            </DialogFooter>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}
