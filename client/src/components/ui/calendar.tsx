import { ChevronLeft, ChevronRight } from "lucide-react";
import type * as React from "react";
import { DayPicker } from "react-day-picker";
import { enGB } from "react-day-picker/locale";
import { cn } from "@/lib/utils";

function Chevron({ orientation, className }: { orientation?: "up" | "down" | "left" | "right"; className?: string }) {
  return orientation === "left" ? (
    <ChevronLeft aria-hidden="true" className={cn("size-5", className)} />
  ) : (
    <ChevronRight aria-hidden="true" className={cn("size-5", className)} />
  );
}

/** react-day-picker styled for CrewSwap (it ships no CSS of its own in this version). */
export function Calendar({ className, classNames, ...props }: React.ComponentProps<typeof DayPicker>) {
  return (
    <DayPicker
      locale={enGB}
      // British dates, but weeks from Sunday like the schedule's month grid (SPEC §2: Sun to Sat).
      weekStartsOn={0}
      showOutsideDays={false}
      className={cn("w-fit", className)}
      classNames={{
        root: "relative",
        months: "relative flex flex-col gap-6 sm:flex-row",
        month: "flex flex-col gap-3",
        month_caption: "flex h-10 items-center justify-center px-10",
        caption_label: "text-base font-bold",
        nav: "absolute inset-x-0 top-0 z-10 flex h-10 items-center justify-between",
        button_previous:
          "inline-flex size-10 items-center justify-center rounded-md text-foreground hover:bg-muted disabled:opacity-40",
        button_next:
          "inline-flex size-10 items-center justify-center rounded-md text-foreground hover:bg-muted disabled:opacity-40",
        month_grid: "border-collapse",
        weekdays: "flex",
        weekday: "w-10 text-center text-xs font-semibold text-muted-foreground",
        week: "mt-1 flex",
        day: "relative size-10 p-0 text-center text-sm",
        day_button:
          "inline-flex size-10 items-center justify-center rounded-md font-medium hover:bg-primary-soft disabled:pointer-events-none",
        today: "font-bold underline decoration-2 underline-offset-4",
        // In range mode every day of the range is "selected"; the two ends are solid, the middle is tinted.
        selected: "bg-primary-soft",
        range_start:
          "rounded-l-md [&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover",
        range_end:
          "rounded-r-md [&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover",
        range_middle: "rounded-none [&>button]:text-primary-dark",
        outside: "text-muted-foreground",
        disabled: "text-muted-foreground opacity-50",
        hidden: "invisible",
        ...classNames,
      }}
      components={{ Chevron }}
      {...props}
    />
  );
}
