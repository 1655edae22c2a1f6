import { format } from "date-fns";
import { useEffect, useRef } from "react";
import { Calendar } from "@/components/ui/calendar";
import { dateOf } from "@/lib/shift-style";

/**
 * The month calendar of the shift form's date field, loaded when first opened (the date picker
 * would otherwise double the schedule's first download). Focus goes to the chosen day, the
 * calendar's one tabbable day, so the arrow keys move by days at once: in the next frame, once
 * the popover has taken focus over from the dialog, which would otherwise pull it back.
 */
export function ShiftDateCalendar({ value, onPick }: { value: string; onPick: (day: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      ref.current?.querySelector<HTMLElement>('[role="grid"] button[tabindex="0"]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, []);
  const selected = value ? dateOf(value) : undefined;
  return (
    <div ref={ref}>
      <Calendar
        mode="single"
        selected={selected}
        defaultMonth={selected}
        onSelect={(date) => date && onPick(format(date, "yyyy-MM-dd"))}
        classNames={{
          selected: "[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover",
        }}
      />
    </div>
  );
}
