import type { Shift } from "@common/shifts";
import { format } from "date-fns";
import { CalendarDays } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldMessage } from "@/components/ui/field-message";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api";
import { dateOf, kindLabelOf, styleOf, timeRangeLabel } from "@/lib/shift-style";
import { useShifts } from "@/lib/shifts";
import { useToday } from "@/lib/use-today";
import { cn } from "@/lib/utils";
import { nextDays } from "../calendar-math";

/** SPEC §9: the upcoming window is 7 days. */
export const UPCOMING_DAYS = 7;

/** Dashboard card 'Upcoming Shifts': today and the 6 days after, each with its shifts, 'Rest Day' or 'No shift'. */
export function UpcomingShiftsCard() {
  const today = useToday();
  const shifts = useShifts();
  const days = nextDays(today, UPCOMING_DAYS);
  const byDay = new Map<string, Shift[]>();
  for (const s of shifts.data ?? []) {
    if (s.date >= days[0] && s.date <= days[days.length - 1]) byDay.set(s.date, [...(byDay.get(s.date) ?? []), s]);
  }

  return (
    <Card data-testid="upcoming-shifts">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <CalendarDays aria-hidden="true" className="size-5 text-primary" />
          Upcoming Shifts
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {shifts.isPending && (
          <p role="status" className="sr-only">
            Loading your shifts
          </p>
        )}
        {shifts.isError ? (
          <FieldMessage role="alert">
            {errorMessage(shifts.error, "There was a problem loading your shifts. Please try again.")}
          </FieldMessage>
        ) : (
          // While loading, the same seven rows with a placeholder per day: the card has its final
          // height from the first paint. On a phone a shift wraps to two lines, so every row there
          // is two lines tall whatever it holds. Only loaded rows carry data-day.
          <ul className="flex flex-col divide-y divide-border" aria-busy={shifts.isPending}>
            {days.map((day, i) => (
              <li
                key={day}
                data-day={shifts.isPending ? undefined : day}
                className="flex min-h-17 items-start justify-between gap-3 py-2 sm:min-h-0"
              >
                <span className="w-32 shrink-0 font-semibold whitespace-nowrap">
                  {i === 0 ? "Today" : i === 1 ? "Tomorrow" : format(dateOf(day), "EEE, MMM d")}
                  {i < 2 && (
                    <span className="block text-sm font-normal text-muted-foreground">
                      {format(dateOf(day), "EEE, MMM d")}
                    </span>
                  )}
                </span>
                {shifts.isPending ? (
                  <Skeleton className="my-0.5 h-5 w-24" />
                ) : (
                  <DayEntries shifts={byDay.get(day) ?? []} />
                )}
              </li>
            ))}
          </ul>
        )}
        <Link href="/calendar" className={buttonVariants({ variant: "outline", className: "self-start" })}>
          View Full Schedule
        </Link>
      </CardContent>
    </Card>
  );
}

function DayEntries({ shifts }: { shifts: Shift[] }) {
  const working = shifts.filter((s) => s.shiftType !== "rest_day");
  if (shifts.length === 0) return <span className="text-muted-foreground">No shift</span>;
  if (working.length === 0) {
    return (
      <span className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
        Rest Day
        {shifts.some((s) => s.restDayShiftInterest) && <Badge variant="success">Available Off Day</Badge>}
      </span>
    );
  }
  return (
    <ul className="flex flex-col items-end gap-1 text-right">
      {working.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
          <span className={cn("rounded border px-1.5 py-0.5 text-xs font-bold", styleOf(s).chip)}>
            {kindLabelOf(s)}
          </span>
          <span className="text-sm">
            {timeRangeLabel(s) ?? (s.shiftType === "annual_leave" ? "All day" : "Time TBD")}
          </span>
        </li>
      ))}
    </ul>
  );
}
