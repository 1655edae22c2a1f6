import type { Shift } from "@common/shifts";
import type { RosterWarning } from "@common/working-time";
import { format } from "date-fns";
import { AlertTriangle, Plus } from "lucide-react";
import { useMemo } from "react";
import { dateOf, kindLabelOf, styleOf, timeRangeLabel } from "@/lib/shift-style";
import { useNeedsConnection } from "@/lib/use-online";
import { cn } from "@/lib/utils";
import { inMonth, monthGrid, type YearMonth } from "../calendar-math";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export function monthTitle(ym: YearMonth): string {
  return format(new Date(ym.year, ym.month - 1, 1), "MMMM yyyy");
}

/**
 * The month view shared by the schedule and the demo: a Sun–Sat grid of day cells, each with a +
 * button (when `onAdd` is given) and a chip per shift. On phones chips shrink to short codes.
 */
export function MonthGrid({
  month,
  today,
  shifts,
  warnings,
  onAdd,
  onOpenShift,
}: {
  month: YearMonth;
  today: string;
  shifts: Shift[];
  /** Working-time breaches of the roster as it stands, by shift id: a warning sign on the chip. */
  warnings?: ReadonlyMap<number, RosterWarning[]>;
  onAdd?: (day: string) => void;
  onOpenShift: (shift: Shift) => void;
}) {
  // Each day's spoken name, worked out once per month rather than on every render of the grid.
  const days = useMemo(
    () => monthGrid(month).map((day) => ({ day, long: format(dateOf(day), "EEEE, d MMMM") })),
    [month],
  );
  const addConnection = useNeedsConnection();
  const byDay = useMemo(() => {
    const map = new Map<string, Shift[]>();
    for (const s of shifts) map.set(s.date, [...(map.get(s.date) ?? []), s]);
    return map;
  }, [shifts]);

  return (
    <div className="overflow-hidden rounded-lg border border-border bg-card">
      <div className="grid grid-cols-7 border-b border-border bg-muted text-center text-xs font-bold text-[#3d5161] sm:text-sm">
        {WEEKDAYS.map((d) => (
          <div key={d} className="py-2">
            {d}
          </div>
        ))}
      </div>
      <ol className="grid grid-cols-7" aria-label={monthTitle(month)}>
        {days.map(({ day, long }, i) => (
          <DayCell
            key={day}
            day={day}
            long={long}
            month={month}
            today={today}
            edges={{ right: i % 7 !== 6, bottom: i < days.length - 7 }}
            shifts={byDay.get(day) ?? []}
            warnings={warnings}
            addConnection={addConnection}
            onAdd={onAdd}
            onOpenShift={onOpenShift}
          />
        ))}
      </ol>
    </div>
  );
}

/** One day of the grid: its number, the + button, and a chip per shift. */
function DayCell({
  day,
  long,
  month,
  today,
  edges,
  shifts,
  warnings,
  addConnection,
  onAdd,
  onOpenShift,
}: {
  day: string;
  /** The day's spoken name, e.g. 'Friday, 12 December'. */
  long: string;
  month: YearMonth;
  today: string;
  /** Which inner grid lines this cell draws. */
  edges: { right: boolean; bottom: boolean };
  shifts: Shift[];
  warnings?: ReadonlyMap<number, RosterWarning[]>;
  addConnection: ReturnType<typeof useNeedsConnection>;
  onAdd?: (day: string) => void;
  onOpenShift: (shift: Shift) => void;
}) {
  const outside = !inMonth(day, month);
  const isToday = day === today;
  return (
    <li
      data-day={day}
      className={cn(
        "flex min-h-21 min-w-0 flex-col gap-1 border-border p-0.5 sm:min-h-28 sm:p-1.5",
        edges.right && "border-r",
        edges.bottom && "border-b",
        outside && "bg-[#f7f9fa]",
      )}
    >
      <div className="flex items-center justify-between gap-0.5">
        <span
          aria-current={isToday ? "date" : undefined}
          className={cn(
            "inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold sm:text-sm",
            outside ? "text-[#5d7283]" : "text-foreground",
            isToday && "bg-primary text-primary-foreground",
          )}
        >
          <span aria-hidden="true">{Number(day.slice(8))}</span>
          <span className="sr-only">{long}</span>
        </span>
        {onAdd && (
          <button
            type="button"
            onClick={() => onAdd(day)}
            aria-label={`Add shift on ${long}`}
            title={`Add shift on ${long}`}
            {...addConnection}
            className="inline-flex size-6 shrink-0 items-center justify-center rounded-md text-primary hover:bg-primary-soft disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent sm:size-7"
          >
            <Plus aria-hidden="true" className="size-4" strokeWidth={2.5} />
          </button>
        )}
      </div>
      {shifts.length > 0 && (
        <ul className="flex flex-col gap-1">
          {shifts.map((s) => (
            <li key={s.id}>
              <ShiftChip
                shift={s}
                dayLabel={long}
                warned={(warnings?.get(s.id)?.length ?? 0) > 0}
                onOpen={() => onOpenShift(s)}
              />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function ShiftChip({
  shift,
  dayLabel,
  warned,
  onOpen,
}: {
  shift: Shift;
  dayLabel: string;
  warned: boolean;
  onOpen: () => void;
}) {
  const style = styleOf(shift);
  const times = timeRangeLabel(shift);
  const name = `${kindLabelOf(shift)}${times ? `, ${times}` : ""}, ${dayLabel}${warned ? ", rest warning" : ""}`;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={name}
      title={name}
      data-shift-type={shift.shiftType}
      data-rest-warning={warned || undefined}
      className={cn(
        "flex min-h-6 w-full min-w-0 flex-col justify-center rounded border px-1 text-left text-[11px] font-bold leading-tight sm:px-1.5 sm:text-xs",
        style.chip,
      )}
    >
      <span className="flex min-w-0 items-center gap-0.5">
        {warned && (
          <AlertTriangle
            aria-hidden="true"
            className="size-3 shrink-0 fill-[#ffb81c] text-[#212b32] sm:size-3.5"
            strokeWidth={2.5}
          />
        )}
        <span className="truncate sm:hidden">{style.short}</span>
        <span className="hidden truncate sm:block">{style.label}</span>
      </span>
      {times && <span className="hidden font-medium lg:block">{times}</span>}
    </button>
  );
}
