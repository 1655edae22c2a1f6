import { isCalendarDay } from "@common/dates";
import { timePairIssue } from "@common/shift-rules";
import type { Shift } from "@common/shifts";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldMessage } from "@/components/ui/field-message";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { choiceOf, type ShiftChoice, shiftStyles } from "@/lib/shift-style";
import { cn } from "@/lib/utils";
import {
  applyChoice,
  emptyForm,
  formFromShift,
  type ShiftFormState,
  shiftChoices,
  timeOptions,
} from "../shift-form-rules";
import { SwapChangeQuestion } from "../swap-change-question";
import { ShiftDateField } from "./shift-date-field";
import { SwapChangeConfirm } from "./swap-change-confirm";

const TIME_OPTIONS = timeOptions();

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
  const [form, setForm] = useState<ShiftFormState>(() => (editing ? formFromShift(editing) : emptyForm(target.date)));
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** The server's question when the day belongs to a swap request; answered by saving again. */
  const [question, setQuestion] = useState<string | null>(null);
  const id = useId();
  const choice = choiceOf(form);
  const untimed = form.shiftType === "rest_day" || form.shiftType === "annual_leave";

  const choose = (next: ShiftChoice, date = form.date) => {
    const result = applyChoice({ ...form, date }, next, {
      sameDayShifts: shifts.filter((s) => s.date === date),
      editing,
    });
    setForm(result.form);
    setMessage(result.message);
    setError(null);
  };

  const changeDate = (date: string) => {
    // The auto-match depends on the day, so a coverage shift looks again on the new day.
    if (form.shiftType === "seeking_coverage" && isCalendarDay(date)) choose("seeking_coverage", date);
    else setForm((f) => ({ ...f, date }));
  };

  const save = async (confirmSwapChange: boolean) => {
    setSaving(true);
    setError(null);
    try {
      await onSave(form, editing, confirmSwapChange);
      onClose();
    } catch (e) {
      if (e instanceof SwapChangeQuestion) setQuestion(e.message);
      else {
        setQuestion(null);
        setError(e instanceof Error ? e.message : "Something went wrong. Please try again.");
      }
    } finally {
      setSaving(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCalendarDay(form.date)) return setError("Please enter a valid date");
    if (!untimed) {
      const issue = timePairIssue(form);
      if (issue) return setError(issue.message);
    }
    await save(false);
  };

  const endsNextDay = !untimed && form.startTime && form.endTime && form.endTime <= form.startTime;

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent className="max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Shift" : "Add Shift"}</DialogTitle>
          <DialogDescription>
            {editing ? "Change this entry in your calendar." : "Add a shift, rest day or leave to your calendar."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-busy={saving}>
          <ShiftDateField id={`${id}-date`} value={form.date} onChange={changeDate} />

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-base font-semibold">Shift type</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {shiftChoices.map((c) => (
                <label
                  key={c.value}
                  className={cn(
                    "flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-2.5 py-2 text-sm font-semibold has-checked:border-2 has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-3 has-focus-visible:outline-focus",
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-type`}
                    value={c.value}
                    checked={choice === c.value}
                    onChange={() => choose(c.value)}
                    className="size-4 accent-primary"
                  />
                  <span aria-hidden="true" className={cn("size-3 shrink-0 rounded-sm", shiftStyles[c.value].swatch)} />
                  {c.label}
                </label>
              ))}
            </div>
          </fieldset>

          {form.shiftType === "rest_day" && (
            <div className="flex items-start gap-3 rounded-md bg-[#e1f1fd] p-3">
              <Checkbox
                id={`${id}-interest`}
                checked={form.restDayShiftInterest}
                onCheckedChange={(v) => setForm((f) => ({ ...f, restDayShiftInterest: v === true }))}
              />
              <div className="flex flex-col gap-0.5">
                <Label htmlFor={`${id}-interest`}>Available Off Day</Label>
                <p className="text-sm text-[#0c4a6e]">
                  You are open to working this rest day in a swap. Colleagues browsing your hub will see it.
                </p>
              </div>
            </div>
          )}

          {!untimed && (
            <div className="grid grid-cols-2 gap-3">
              <TimeSelect
                id={`${id}-start`}
                label="Start time"
                value={form.startTime}
                onChange={(startTime) => setForm((f) => ({ ...f, startTime }))}
              />
              <TimeSelect
                id={`${id}-end`}
                label="End time"
                value={form.endTime}
                onChange={(endTime) => setForm((f) => ({ ...f, endTime }))}
              />
            </div>
          )}
          <p role="status" aria-live="polite" className="-mt-2 text-sm text-muted-foreground empty:hidden">
            {message && <span className="block">{message}</span>}
            {endsNextDay && <span className="block">Ends the next morning.</span>}
          </p>

          {!untimed && (
            <div className="flex items-center gap-3">
              <Checkbox
                id={`${id}-protected`}
                checked={form.isProtected}
                onCheckedChange={(v) => setForm((f) => ({ ...f, isProtected: v === true }))}
              />
              <Label htmlFor={`${id}-protected`} className="leading-snug">
                Protected shift (cannot be swapped)
              </Label>
            </div>
          )}

          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-notes`}>Notes (optional)</Label>
            <Textarea
              id={`${id}-notes`}
              value={form.notes}
              maxLength={2000}
              rows={2}
              onChange={(e) => setForm((f) => ({ ...f, notes: e.target.value }))}
            />
          </div>

          <div aria-live="assertive">{error && <FieldMessage role="alert">{error}</FieldMessage>}</div>

          {question ? (
            <SwapChangeConfirm
              question={question}
              busy={saving}
              action={editing ? "Change anyway" : "Add anyway"}
              onKeep={() => setQuestion(null)}
              onConfirm={() => void save(true)}
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

function TimeSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value || null)}
        className="h-11 w-full rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs"
      >
        <option value="">Not set</option>
        {TIME_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
