import type { Shift } from "@common/shifts";
import type { QueryClient } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ImportExcelTab } from "@/features/import/components/import-excel-tab";
import { useAvailability } from "@/features/shifts/api/get-availability";
import { availabilityRange, type YearMonth, yearMonthOf } from "@/features/shifts/calendar-math";
import { CalendarFeedDialog } from "@/features/shifts/components/calendar-feed-dialog";
import { ClearCalendarMenu } from "@/features/shifts/components/clear-calendar-menu";
import { MyAvailabilityPanel } from "@/features/shifts/components/my-availability-panel";
import { type AddRequest, ShiftCalendar } from "@/features/shifts/components/shift-calendar";
import { useShiftActions } from "@/features/shifts/hooks/use-shift-actions";
import { errorMessage } from "@/lib/api";
import { metaQueryOptions } from "@/lib/meta";
import { shiftsQueryOptions, useShifts } from "@/lib/shifts";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMediaQuery } from "@/lib/use-media-query";
import { useToday } from "@/lib/use-today";
import { CalendarHeader } from "./calendar-head";
import { ScheduleTip } from "./schedule-tip";
import { useDateChangeRefresh } from "./use-date-change-refresh";

const NO_SHIFTS: Shift[] = [];

export function CalendarPage() {
  useDocumentTitle("Your Schedule");
  const today = useToday();
  const [month, setMonth] = useState<YearMonth>(() => yearMonthOf(today));
  const [addRequest, setAddRequest] = useState<AddRequest | null>(null);
  const shifts = useShifts();
  // One panel, beside the grid on wide screens and below it otherwise: two (one hidden by CSS)
  // would build every row twice.
  const wide = useMediaQuery("(min-width: 1024px)");
  const { onSave, onDelete } = useShiftActions();
  const current = shifts.data ?? NO_SHIFTS;
  // A year of shifts arriving redraws the month's chips and warnings: React does that in the
  // background, in slices between frames, instead of in one long task. Until the first lot is drawn
  // the spinner stays; later changes show the previous grid for those few frames.
  const list = useDeferredValue(current);
  const firstDrawPending = list === NO_SHIFTS && current !== NO_SHIFTS;
  // SPEC §7: asked only once the user has shifts, for the days they span.
  useAvailability(current.length > 0 ? availabilityRange(current, today) : null);
  // A tab left open overnight: refetch, and follow the date if the user was looking at its month.
  useDateChangeRefresh(today, (previous) => {
    setMonth((shown) => {
      const was = yearMonthOf(previous);
      return shown.year === was.year && shown.month === was.month ? yearMonthOf(today) : shown;
    });
  });

  return (
    <>
      <CalendarHeader
        onManage={() => setAddRequest({ date: today, nonce: Date.now() })}
        clear={<ClearCalendarMenu month={month} />}
        feed={<CalendarFeedDialog />}
      />
      <ScheduleTip />

      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Tabs defaultValue="calendar" className="min-w-0">
          <TabsList className="w-full sm:w-auto">
            <TabsTrigger value="calendar">Calendar</TabsTrigger>
            <TabsTrigger value="import">Import Excel</TabsTrigger>
          </TabsList>
          <TabsContent value="calendar">
            {shifts.isError ? (
              <p role="alert" className="rounded-md bg-[#fbe9e7] p-3 font-semibold text-destructive">
                {errorMessage(shifts.error, "There was a problem loading your shifts. Please try again.")}
              </p>
            ) : (
              <ShiftCalendar
                month={month}
                onMonthChange={setMonth}
                today={today}
                shifts={list}
                loading={shifts.isPending || firstDrawPending}
                emptyHint
                addRequest={addRequest}
                onSave={onSave}
                onDelete={onDelete}
              />
            )}
          </TabsContent>
          <TabsContent value="import">
            <ImportExcelTab />
          </TabsContent>
        </Tabs>
        {wide && <MyAvailabilityPanel />}
      </div>
      {/* Below the grid on narrower screens, so the calendar comes first on a phone. */}
      {!wide && <MyAvailabilityPanel defaultOpen={false} />}
    </>
  );
}

/** What the schedule's first render asks for, started as soon as the session is known (routes.tsx). */
export function prefetchFirstData(client: QueryClient) {
  void client.prefetchQuery(shiftsQueryOptions());
  void client.prefetchQuery(metaQueryOptions());
}
