import { FormField } from "@/components/form-field";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { type ShiftChoice, shiftStyles } from "@/lib/shift-style";
import { timeOptions } from "@/lib/shift-times";
import { cn } from "@/lib/utils";
import { type ShiftFormState, shiftChoices } from "../shift-form-rules";

const TIME_OPTIONS = timeOptions();

type Change = (patch: Partial<ShiftFormState>) => void;

export function ShiftTypeChoices({
  id,
  choice,
  onChoose,
}: {
  id: string;
  choice: ShiftChoice;
  onChoose: (choice: ShiftChoice) => void;
}) {
  return (
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
              onChange={() => onChoose(c.value)}
              className="size-4 accent-primary"
            />
            <span aria-hidden="true" className={cn("size-3 shrink-0 rounded-sm", shiftStyles[c.value].swatch)} />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A rest day's 'Available Off Day' box: open to working it in a swap. */
export function OffDayInterest({ id, checked, onChange }: { id: string; checked: boolean; onChange: Change }) {
  return (
    <div className="flex items-start gap-3 rounded-md bg-[#e1f1fd] p-3">
      <Checkbox
        id={`${id}-interest`}
        checked={checked}
        onCheckedChange={(v) => onChange({ restDayShiftInterest: v === true })}
      />
      <div className="flex flex-col gap-0.5">
        <Label htmlFor={`${id}-interest`}>Available Off Day</Label>
        <p className="text-sm text-[#0c4a6e]">
          You are open to working this rest day in a swap. Colleagues browsing your hub will see it.
        </p>
      </div>
    </div>
  );
}

export function ShiftTimes({ id, form, onChange }: { id: string; form: ShiftFormState; onChange: Change }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <TimeSelect
        id={`${id}-start`}
        label="Start time"
        value={form.startTime}
        onChange={(startTime) => onChange({ startTime })}
      />
      <TimeSelect
        id={`${id}-end`}
        label="End time"
        value={form.endTime}
        onChange={(endTime) => onChange({ endTime })}
      />
    </div>
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
    <FormField id={id} label={label} className="gap-1.5">
      {(control) => (
        <select
          {...control}
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
      )}
    </FormField>
  );
}

export function ProtectedShift({ id, checked, onChange }: { id: string; checked: boolean; onChange: Change }) {
  return (
    <div className="flex items-center gap-3">
      <Checkbox
        id={`${id}-protected`}
        checked={checked}
        onCheckedChange={(v) => onChange({ isProtected: v === true })}
      />
      <Label htmlFor={`${id}-protected`} className="leading-snug">
        Protected shift (cannot be swapped)
      </Label>
    </div>
  );
}

export function ShiftNotes({ id, value, onChange }: { id: string; value: string; onChange: Change }) {
  return (
    <FormField id={`${id}-notes`} label="Notes (optional)" className="gap-1.5">
      {(control) => (
        <Textarea
          {...control}
          value={value}
          maxLength={2000}
          rows={2}
          onChange={(e) => onChange({ notes: e.target.value })}
        />
      )}
    </FormField>
  );
}
