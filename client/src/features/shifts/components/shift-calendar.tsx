import type { Shift } from "@common/shifts";
import { CalendarPlus, ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { inMonth, monthGrid, shiftMonth, type YearMonth, yearMonthOf } from "../calendar-math";
import { useRosterWarnings } from "../hooks/use-roster-warnings";
import type { ShiftFormState } from "../shift-form-rules";
import { MonthGrid, monthTitle } from "./month-grid";
import { ShiftDetailsDialog } from "./shift-details-dialog";
import { ShiftFormDialog, type ShiftFormTarget } from "./shift-form-dialog";
import { ShiftLegend } from "./shift-legend";

export type AddRequest = { date: string; nonce: number };

type ShiftCalendarProps = {
  month: YearMonth;
  onMonthChange: (month: YearMonth) => void;
  today: string;
  shifts: Shift[];
  loading?: boolean;
  emptyHint?: boolean;
  addRequest?: AddRequest | null;
  onSave?: (form: ShiftFormState, editing: Shift | null, confirmSwapChange?: boolean) => Promise<void>;
  onDelete?: (shift: Shift, confirmSwapChange?: boolean) => Promise<void>;
};

/**
 * Month navigation, the grid, the details and form dialogs. Editing is offered when `onSave` is
 * given; the caller decides where shifts live (the server, or local state in the demo).
 */
export function ShiftCalendar({
  month,
  onMonthChange,
  today,
  shifts,
  loading = false,
  emptyHint = false,
  addRequest = null,
  onSave,
  onDelete,
}: ShiftCalendarProps) {
  const [navigated, setNavigated] = useState(false);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const { formTarget, formKey, openForm, closeForm } = useFormTarget(addRequest, Boolean(onSave));

  const go = (next: YearMonth) => {
    setNavigated(true);
    onMonthChange(next);
  };

  const warnings = useRosterWarnings(shifts, monthGrid(month));
  const details = detailsId === null ? null : (shifts.find((s) => s.id === detailsId) ?? null);
  const monthHasShifts = shifts.some((s) => inMonth(s.date, month));
  const showEmpty = emptyHint && !loading && !navigated && !monthHasShifts;
  const title = monthTitle(month);

  return (
    <div className="flex flex-col gap-3">
      <MonthNav title={title} month={month} today={today} onGo={go} />

      {showEmpty && <EmptyCalendarHint />}

      <div className="relative">
        <MonthGrid
          month={month}
          today={today}
          shifts={shifts}
          warnings={warnings}
          onAdd={onSave ? (date) => openForm({ date }) : undefined}
          onOpenShift={(s) => setDetailsId(s.id)}
        />
        {loading && (
          <div className="absolute inset-0 flex items-center justify-center bg-card/60">
            <Spinner label="Loading your shifts" />
          </div>
        )}
      </div>
      <ShiftLegend />

      {details && (
        <ShiftDetailsDialog
          key={details.id}
          shift={details}
          warnings={warnings.get(details.id)}
          onClose={() => setDetailsId(null)}
          onEdit={
            onSave
              ? () => {
                  setDetailsId(null);
                  openForm({ date: details.date, editing: details });
                }
              : undefined
          }
          onDelete={onDelete ? (confirmSwapChange) => onDelete(details, confirmSwapChange) : undefined}
        />
      )}
      {formTarget && onSave && (
        <ShiftFormDialog key={formKey} target={formTarget} shifts={shifts} onSave={onSave} onClose={closeForm} />
      )}
    </div>
  );
}

/** Which form is open, and a fresh key each time one opens so it starts from its own values. */
function useFormTarget(addRequest: AddRequest | null, canEdit: boolean) {
  const [formTarget, setFormTarget] = useState<ShiftFormTarget | null>(null);
  const [formKey, setFormKey] = useState(0);

  const openForm = (target: ShiftFormTarget) => {
    setFormKey((k) => k + 1);
    setFormTarget(target);
  };

  useEffect(() => {
    if (!addRequest || !canEdit) return;
    setFormKey((k) => k + 1);
    setFormTarget({ date: addRequest.date });
  }, [addRequest, canEdit]);

  return { formTarget, formKey, openForm, closeForm: () => setFormTarget(null) };
}

/** The month's title with Previous month, Today and Next month. */
function MonthNav({
  title,
  month,
  today,
  onGo,
}: {
  title: string;
  month: YearMonth;
  today: string;
  onGo: (month: YearMonth) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 className="text-lg font-bold tracking-tight sm:text-2xl" aria-live="polite">
        {title}
      </h2>
      <div className="flex items-center gap-1.5">
        <Button variant="outline" size="icon" aria-label="Previous month" onClick={() => onGo(shiftMonth(month, -1))}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button variant="outline" onClick={() => onGo(yearMonthOf(today))}>
          Today
        </Button>
        <Button variant="outline" size="icon" aria-label="Next month" onClick={() => onGo(shiftMonth(month, 1))}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

function EmptyCalendarHint() {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-dashed border-primary/50 bg-primary-soft p-4">
      <CalendarPlus aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div>
        <p className="font-bold text-primary-dark">Your calendar is empty</p>
        <p className="text-sm text-[#3d5161]">
          Tap + on any day to add a shift, or upload your roster in the Import Excel tab.
        </p>
      </div>
    </div>
  );
}
