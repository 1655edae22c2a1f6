import { CalendarPlus, Lightbulb } from "lucide-react";
import { useState } from "react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { MyAvailabilityPanel } from "@/features/availability/components/my-availability-panel";
import { ImportExcelTab } from "@/features/import/components/import-excel-tab";
import { useShifts } from "@/features/shifts/api/get-shifts";
import { type YearMonth, yearMonthOf } from "@/features/shifts/calendar-math";
import { CalendarFeedDialog } from "@/features/shifts/components/calendar-feed-dialog";
import { ClearCalendarMenu } from "@/features/shifts/components/clear-calendar-menu";
import { type AddRequest, ShiftCalendar } from "@/features/shifts/components/shift-calendar";
import { useShiftActions } from "@/features/shifts/hooks/use-shift-actions";
import { useToday } from "@/features/shifts/hooks/use-today";
import { errorMessage } from "@/lib/api";
import { useDocumentTitle } from "@/lib/use-document-title";

export function CalendarPage() {
  useDocumentTitle("Your Schedule");
  const today = useToday();
  const [month, setMonth] = useState<YearMonth>(() => yearMonthOf(today));
  const [addRequest, setAddRequest] = useState<AddRequest | null>(null);
  const shifts = useShifts();
  const { onSave, onDelete } = useShiftActions();

  return (
    <>
      <PageHeader
        title="Your Schedule"
        description="Keep your roster up to date so colleagues can find swaps with you."
        actions={
          // One column below 384px, where the two buttons side by side no longer fit their labels.
          <div className="grid gap-2 min-[24rem]:grid-cols-2 sm:flex sm:flex-wrap sm:justify-end lg:shrink-0 lg:flex-nowrap">
            <Button
              className="min-[24rem]:col-span-2"
              onClick={() => setAddRequest({ date: today, nonce: Date.now() })}
            >
              <CalendarPlus aria-hidden="true" />
              Manage Schedule
            </Button>
            <ClearCalendarMenu month={month} />
            <CalendarFeedDialog />
          </div>
        }
      />
      <div className="flex items-start gap-3 rounded-lg border border-[#f5cc3a] bg-[#fff8e0] p-3 text-sm sm:text-base">
        <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-[#8a5a00]" />
        <p>
          <span className="font-bold">Tip:</span> tap + on a day to add a shift, or tap a shift to see, edit or delete
          it. Mark rest days you could work as <span className="font-semibold">Available Off Days</span> so colleagues
          can ask you to swap.
        </p>
      </div>

      <MyAvailabilityPanel defaultOpen={false} className="lg:hidden" />

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
                shifts={shifts.data ?? []}
                loading={shifts.isPending}
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
        <MyAvailabilityPanel className="hidden lg:block" />
      </div>
    </>
  );
}
