import { format } from "date-fns";
import { CalendarRange, ChevronDown, RotateCcw } from "lucide-react";
import { useId } from "react";
import type { DateRange } from "react-day-picker";
import { Button } from "@/components/ui/button";
import { Calendar } from "@/components/ui/calendar";
import { Card } from "@/components/ui/card";
import { dateOf } from "@/lib/shift-style";
import { useMediaQuery } from "@/lib/use-media-query";
import { cn } from "@/lib/utils";

const label = (d: Date) => format(d, "MMM d, yyyy");

/** Collapsible 'Filter by Date Range': a range calendar, one month on phones and two from 768px. */
export function DateRangeFilter({
  open,
  onOpenChange,
  range,
  onRangeChange,
  today,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  range: DateRange | undefined;
  onRangeChange: (range: DateRange | undefined) => void;
  today: string;
}) {
  const id = useId();
  const wide = useMediaQuery("(min-width: 768px)");
  const summary =
    range?.from && range.to
      ? `${label(range.from)} – ${label(range.to)}`
      : range?.from
        ? `From ${label(range.from)}: now choose the last day`
        : "Choose the first and last day you could swap.";

  return (
    <Card className="overflow-hidden" data-testid="date-range-filter">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => onOpenChange(!open)}
          className="flex w-full items-center justify-between gap-2 px-4 py-3 text-left text-lg font-bold hover:bg-muted"
        >
          <span className="flex items-center gap-2">
            <CalendarRange aria-hidden="true" className="size-5 text-primary" />
            Filter by Date Range
          </span>
          <ChevronDown aria-hidden="true" className={cn("size-5 transition-transform", open && "rotate-180")} />
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open} className="flex flex-col gap-3 border-t border-border px-4 pt-3 pb-4">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {summary}
        </p>
        <div className="overflow-x-auto">
          <Calendar
            mode="range"
            selected={range}
            onSelect={onRangeChange}
            numberOfMonths={wide ? 2 : 1}
            disabled={{ before: dateOf(today) }}
            startMonth={dateOf(today)}
            defaultMonth={range?.from ?? dateOf(today)}
            className="mx-auto"
          />
        </div>
        <div>
          <Button variant="outline" size="sm" onClick={() => onRangeChange(undefined)} disabled={!range?.from}>
            <RotateCcw aria-hidden="true" />
            Reset filter
          </Button>
        </div>
      </div>
    </Card>
  );
}
