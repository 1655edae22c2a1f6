import { CalendarDays } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { FormField } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { dayFromUkText, ukDateText } from "../shift-form-rules";

const loadCalendar = () => import("./shift-date-calendar");
const ShiftDateCalendar = lazy(() => loadCalendar().then((m) => ({ default: m.ShiftDateCalendar })));

/**
 * The shift form's date as dd/mm/yyyy, typed or picked from a calendar. Not `<input type="date">`:
 * Chromium writes that in the browser's own language (mm/dd/yyyy on an American-English browser),
 * whatever the page's language, and a UK crew must not read 04/03 as the 3rd of April.
 * `onChange` gets the day as yyyy-MM-dd, or '' while the text is not a real date.
 */
export function ShiftDateField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (day: string) => void;
}) {
  const [text, setText] = useState(() => ukDateText(value));
  const [open, setOpen] = useState(false);
  const invalid = text.trim() !== "" && dayFromUkText(text) === null;

  const type = (next: string) => {
    setText(next);
    onChange(dayFromUkText(next) ?? "");
  };

  const pick = (day: string) => {
    setText(ukDateText(day));
    onChange(day);
    setOpen(false);
  };

  return (
    <FormField
      id={id}
      label="Date"
      invalid={invalid}
      describedBy={[`${id}-format`]}
      className="gap-1.5"
      hint={
        <p id={`${id}-format`} className="text-sm text-muted-foreground">
          Day, month and year, for example 04/03/2031
        </p>
      }
    >
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            required
            inputMode="numeric"
            autoComplete="off"
            placeholder="dd/mm/yyyy"
            value={text}
            onChange={(e) => type(e.target.value)}
          />
          <Popover open={open} onOpenChange={setOpen}>
            <PopoverTrigger
              type="button"
              aria-label="Open calendar"
              onPointerEnter={() => void loadCalendar()}
              onFocus={() => void loadCalendar()}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-md border border-input bg-card text-foreground shadow-xs hover:bg-muted"
            >
              <CalendarDays aria-hidden="true" className="size-5" />
            </PopoverTrigger>
            <PopoverContent align="end" onOpenAutoFocus={(e) => e.preventDefault()}>
              <Suspense fallback={<Spinner className="m-8 size-6" />}>
                <ShiftDateCalendar value={value} onPick={pick} />
              </Suspense>
            </PopoverContent>
          </Popover>
        </div>
      )}
    </FormField>
  );
}
