import { compareDays } from "@common/dates";
import type { Shift } from "@common/shifts";
import { LogIn } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { BetaBanner } from "@/components/beta-banner";
import { BrandMark, BrandName } from "@/components/brand";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { sampleMonth, shiftMonth, type YearMonth, yearMonthOf } from "@/features/shifts/calendar-math";
import { ShiftCalendar } from "@/features/shifts/components/shift-calendar";
import { type ShiftFormState, toSubmission } from "@/features/shifts/shift-form-rules";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useToday } from "@/lib/use-today";

/** Public demo: a sample month and a scratch calendar kept in this page only (no account, no server). */
export function CalendarDemoPage() {
  useDocumentTitle("Calendar demo");
  const today = useToday();

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-5xl flex-col gap-5 px-4 py-6">
      <BetaBanner />
      <header className="flex items-center gap-2.5 text-primary">
        <BrandMark className="size-9" />
        <BrandName className="text-2xl text-primary-dark" />
      </header>
      <main className="flex flex-col gap-5">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Calendar demo</h1>
          <p className="text-base text-muted-foreground">
            See how CrewSwap lays out a paramedic roster. Nothing here is saved.
          </p>
        </div>
        <Card className="border-l-4 border-l-primary">
          <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between sm:pt-6">
            <div className="flex items-start gap-3">
              <LogIn aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <p>
                <span className="font-bold">Sign in to keep your schedule.</span> With an account you can save shifts,
                import your roster and swap shifts with colleagues at your hub.
              </p>
            </div>
            <Link href="/auth" className={buttonVariants({ className: "shrink-0" })}>
              Get Started
            </Link>
          </CardContent>
        </Card>
        <Tabs defaultValue="sample">
          <TabsList className="w-full sm:w-auto">
            <TabsTrigger value="sample">Sample Calendar</TabsTrigger>
            <TabsTrigger value="manual">Manual Entry</TabsTrigger>
          </TabsList>
          <TabsContent value="sample">
            <SampleCalendar today={today} />
          </TabsContent>
          <TabsContent value="manual">
            <ManualEntry today={today} />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}

function SampleCalendar({ today }: { today: string }) {
  const [month, setMonth] = useState<YearMonth>(() => yearMonthOf(today));
  // Neighbouring months too, so the grid's leading and trailing days are filled.
  const shifts = useMemo(() => [-1, 0, 1].flatMap((d) => sampleMonth(shiftMonth(month, d), today)), [month, today]);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        Fridays to Sundays from today on are rest days; tap any entry to see its details.
      </p>
      <ShiftCalendar month={month} onMonthChange={setMonth} today={today} shifts={shifts} />
    </div>
  );
}

let localId = 1;

function ManualEntry({ today }: { today: string }) {
  const [month, setMonth] = useState<YearMonth>(() => yearMonthOf(today));
  const [shifts, setShifts] = useState<Shift[]>([]);

  const onSave = async (form: ShiftFormState, editing: Shift | null) => {
    const body = toSubmission(form, 0);
    const next: Shift = {
      ...body,
      id: editing?.id ?? localId++,
      location: null,
      notes: body.notes || null,
      createdAt: editing?.createdAt ?? new Date().toISOString(),
    };
    setShifts((list) => [...list.filter((s) => s.id !== next.id), next].sort((a, b) => compareDays(a.date, b.date)));
    toast({ title: editing ? "Shift updated" : "Shift added" });
  };

  const onDelete = async (shift: Shift) => {
    setShifts((list) => list.filter((s) => s.id !== shift.id));
    toast({ title: "Shift deleted" });
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        Try it: tap + on a day to add a shift. Entries stay on this page only and are gone when you leave.
      </p>
      <ShiftCalendar
        month={month}
        onMonthChange={setMonth}
        today={today}
        shifts={shifts}
        onSave={onSave}
        onDelete={onDelete}
      />
    </div>
  );
}
