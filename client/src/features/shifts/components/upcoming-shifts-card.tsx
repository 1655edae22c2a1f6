import type { Shift } from "@common/shifts";
import type { RosterWarning } from "@common/working-time";
import { format } from "date-fns";
import { AlertTriangle, CalendarDays } from "lucide-react";
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
import { type DayRow, groupEmptyDays, nextDays } from "../calendar-math";
import { useRosterWarnings } from "../hooks/use-roster-warnings";

/** SPEC §9: the upcoming window is 7 days. */
export const UPCOMING_DAYS = 7;

type Warnings = ReadonlyMap<number, RosterWarning[]>;

const ROW = "min-h-17 py-2 sm:min-h-0";
const LINE = "flex items-start justify-between gap-3";

/**
 * Dashboard card 'Upcoming Shifts': today and the 6 days after, each with its shifts, 'Rest Day' or
 * 'No shift'; consecutive days without a shift share one row, so the week fits a phone's first screen.
 */
export function UpcomingShiftsCard() {
  const today = useToday();
  const shifts = useShifts();
  const days = nextDays(today, UPCOMING_DAYS);
  const byDay = new Map<string, Shift[]>();
  for (const s of shifts.data ?? []) {
    if (s.date >= days[0] && s.date <= days[days.length - 1]) byDay.set(s.date, [...(byDay.get(s.date) ?? []), s]);
  }
  // The calendar's own marks for these days: same rule, same shifts.
  const warnings = useRosterWarnings(shifts.data ?? [], days);

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
        ) : shifts.isPending ? (
          // While loading, a row per day with a placeholder: on a phone a shift wraps to two lines,
          // so every row there is two lines tall whatever it holds.
          <ul className="flex flex-col divide-y divide-border" aria-busy="true">
            {days.map((day, i) => (
              <li key={day} className={ROW}>
                <div className={LINE}>
                  <DayLabel day={day} index={i} />
                  <Skeleton className="my-0.5 h-5 w-24" />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {groupEmptyDays(days, (day) => !byDay.has(day)).map((row) => (
              <UpcomingRow
                key={"day" in row ? row.day : row.from}
                row={row}
                byDay={byDay}
                warnings={warnings}
                index={days.indexOf("day" in row ? row.day : row.from)}
              />
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

/** 'Today' and 'Tomorrow' with their date below; later days by their date. */
function DayLabel({ day, index }: { day: string; index: number }) {
  return (
    <span className="w-32 shrink-0 font-semibold whitespace-nowrap">
      {index === 0 ? "Today" : index === 1 ? "Tomorrow" : format(dateOf(day), "EEE, MMM d")}
      {index < 2 && (
        <span className="block text-sm font-normal text-muted-foreground">{format(dateOf(day), "EEE, MMM d")}</span>
      )}
    </span>
  );
}

function UpcomingRow({
  row,
  byDay,
  warnings,
  index,
}: {
  row: DayRow;
  byDay: ReadonlyMap<string, Shift[]>;
  warnings: Warnings;
  index: number;
}) {
  if (!("day" in row)) {
    // The same date style as a single day's row.
    const short = (day: string) => format(dateOf(day), "EEE, MMM d");
    return (
      <li data-day={row.from} data-day-to={row.to} className="flex items-center justify-between gap-3 py-2">
        <span className="font-semibold whitespace-nowrap">
          {short(row.from)} – {short(row.to)}
          <span className="sr-only">:</span>
        </span>{" "}
        <span className="text-muted-foreground">No shift</span>
      </li>
    );
  }
  const dayShifts = byDay.get(row.day) ?? [];
  const warned = dayShifts.flatMap((s) => warnings.get(s.id) ?? []);
  return (
    <li data-day={row.day} data-rest-warning={warned.length > 0 || undefined} className={ROW}>
      <div className={LINE}>
        <DayLabel day={row.day} index={index} />
        <DayEntries shifts={dayShifts} warnings={warnings} />
      </div>
      {warned.length > 0 && (
        <ul className="mt-2 flex list-none flex-col gap-1 rounded-md border-l-4 border-warning bg-[#fff4d6] px-2 py-1 text-sm">
          {warned.map((w) => (
            <li key={`${w.rule}-${w.dates.join()}-${w.message}`}>{w.message}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

function DayEntries({ shifts, warnings }: { shifts: Shift[]; warnings: Warnings }) {
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
      {working.map((s) => {
        const warned = (warnings.get(s.id)?.length ?? 0) > 0;
        return (
          <li key={s.id} className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
            <span
              data-rest-warning={warned || undefined}
              className={cn("flex items-center gap-1 rounded border px-1.5 py-0.5 text-xs font-bold", styleOf(s).chip)}
            >
              {warned && (
                <AlertTriangle
                  aria-hidden="true"
                  className="size-3.5 shrink-0 fill-[#ffb81c] text-[#212b32]"
                  strokeWidth={2.5}
                />
              )}
              {kindLabelOf(s)}
              {warned && <span className="sr-only">, rest warning</span>}
            </span>
            <span className="text-sm">
              {timeRangeLabel(s) ?? (s.shiftType === "annual_leave" ? "All day" : "Time TBD")}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
