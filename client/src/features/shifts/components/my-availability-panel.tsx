import { compareDays } from "@common/dates";
import { CONFIRM_SWAP_CHANGE, isAvailableOffDay } from "@common/shift-rules";
import type { Shift } from "@common/shifts";
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FieldMessage } from "@/components/ui/field-message";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, isApiError } from "@/lib/api";
import { dateOf, timeRangeLabel } from "@/lib/shift-style";
import { shiftsQueryOptions } from "@/lib/shifts";
import { useToday } from "@/lib/use-today";
import { cn } from "@/lib/utils";
import { useSetAvailability } from "../api/set-availability";
import { SwapChangeConfirm } from "./swap-change-confirm";

/** The user's own future rest days and coverage requests, grouped (SPEC §2 'My Availability'). */
export function groupAvailability(shifts: Shift[], today: string) {
  const future = shifts.filter((s) => s.date >= today).sort((a, b) => compareDays(a.date, b.date) || a.id - b.id);
  return {
    offDays: future.filter((s) => isAvailableOffDay(s)),
    restDays: future.filter((s) => s.shiftType === "rest_day" && !s.restDayShiftInterest),
    coverage: future.filter((s) => s.shiftType === "seeking_coverage"),
  };
}

/**
 * Collapsible 'My Availability' panel. Reads the shifts query; refetches on window focus with a
 * 30 s stale time (SPEC §9), so changes made elsewhere show when the user comes back. Mounting it
 * does not refetch: the shift list's own 5-minute freshness decides that, so opening /calendar
 * does not reload the whole list every time.
 */
export function MyAvailabilityPanel({ defaultOpen = true, className }: { defaultOpen?: boolean; className?: string }) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const today = useToday();
  const query = useQuery({
    ...shiftsQueryOptions(),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    refetchOnMount: false,
  });
  const groups = groupAvailability(query.data ?? [], today);

  return (
    <Card className={cn("overflow-hidden", className)} data-testid="my-availability">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-2 px-4 py-3 text-left text-lg font-bold hover:bg-muted"
        >
          My Availability
          <ChevronDown aria-hidden="true" className={cn("size-5 transition-transform", open && "rotate-180")} />
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open} className="border-t border-border px-4 pt-3 pb-4">
        {/* A year's roster is a few hundred rows: built when the panel is opened, not before. */}
        {!open ? null : query.isPending ? (
          <Spinner label="Loading your availability" />
        ) : query.isError ? (
          <FieldMessage role="alert">{errorMessage(query.error, "Could not load your availability.")}</FieldMessage>
        ) : (
          <div className="flex flex-col gap-4">
            <Group
              title="Available Off Days"
              empty="No Available Off Days ahead."
              items={groups.offDays}
              action="rest"
            />
            <Group title="Rest Days" empty="No rest days ahead." items={groups.restDays} action="available" />
            <Group title="Seeking Coverage" empty="No shifts seeking coverage." items={groups.coverage} showTimes />
          </div>
        )}
      </div>
    </Card>
  );
}

/** Rows a group shows before its list scrolls within itself (about 16rem). */
const ROWS_IN_VIEW = 7;

function Group({
  title,
  empty,
  items,
  action,
  showTimes = false,
}: {
  title: string;
  empty: string;
  items: Shift[];
  action?: "available" | "rest";
  showTimes?: boolean;
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-1.5">
      <h3 className="flex items-center justify-between text-sm font-bold tracking-wide text-[#3d5161] uppercase">
        {title}
        <span className="rounded-full bg-muted px-2 text-xs">{items.length}</span>
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        // A year's roster holds a hundred rest days or more: a long group scrolls within the panel
        // instead of making the page thousands of pixels tall. Focusable, so a keyboard can scroll it.
        <ul
          className={cn("flex flex-col gap-1", items.length > ROWS_IN_VIEW && "max-h-64 overflow-y-auto pr-1")}
          tabIndex={items.length > ROWS_IN_VIEW ? 0 : undefined}
          aria-label={items.length > ROWS_IN_VIEW ? `${title}, ${items.length} dates` : undefined}
        >
          {items.map((s) => (
            <li key={s.id} className="flex min-h-9 shrink-0 flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                <span className="font-semibold whitespace-nowrap">{format(dateOf(s.date), "EEE, MMM d, yyyy")}</span>
                {showTimes && <span className="block text-muted-foreground">{timeRangeLabel(s) ?? "Time TBD"}</span>}
              </span>
              {action && <ToggleOffDay date={s.date} to={action} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ToggleOffDay({ date, to }: { date: string; to: "available" | "rest" }) {
  const set = useSetAvailability();
  const [question, setQuestion] = useState<string | null>(null);
  const label = format(dateOf(date), "d MMMM");
  const run = async (confirmSwapChange = false) => {
    try {
      await set.mutateAsync({ date, status: to, confirmSwapChange });
      setQuestion(null);
      toast({ title: "Availability updated" });
    } catch (error) {
      // The day belongs to a swap request: ask first (decision 006).
      if (isApiError(error) && error.status === 409 && error.field === CONFIRM_SWAP_CHANGE) {
        return setQuestion(errorMessage(error, ""));
      }
      setQuestion(null);
      toast({
        variant: "destructive",
        title: "Failed to update availability",
        description: errorMessage(error, "Something went wrong. Please try again."),
      });
    }
  };
  if (question) {
    return (
      <div className="min-w-0 basis-full">
        <SwapChangeConfirm
          compact
          question={question}
          action="Withdraw anyway"
          busy={set.isPending}
          onKeep={() => setQuestion(null)}
          onConfirm={() => void run(true)}
        />
      </div>
    );
  }
  return (
    <Button
      needsConnection
      size="sm"
      variant="ghost"
      className="px-2 text-primary"
      disabled={set.isPending}
      onClick={() => void run()}
      aria-label={to === "available" ? `Offer ${label} as an Available Off Day` : `Withdraw ${label} from swaps`}
    >
      {to === "available" ? "Offer" : "Withdraw"}
    </Button>
  );
}
