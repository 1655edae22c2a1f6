import { gradeLabel } from "@common/enums";
import { HUB_SHIFT_LIMIT, type HubClinician, type HubListingItem } from "@common/hub-listing";
import type { Shift } from "@common/shifts";
import { format } from "date-fns";
import { CalendarCheck, ChevronDown, Clock } from "lucide-react";
import { useId, useState } from "react";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { dateOf } from "@/lib/shift-style";
import { shiftTimesText } from "@/lib/shift-times";
import { cn, initials } from "@/lib/utils";
import { clinicianStatus } from "../clinician-status";

export type SwapRequestTarget = { clinician: HubClinician; date: string; availabilityShift: Shift };

const longDay = (day: string) => format(dateOf(day), "EEEE, MMM d, yyyy");
const shortDay = (day: string) => format(dateOf(day), "EEE, MMM d");
const times = (s: Shift) => shiftTimesText(s);

export function StatusBadge({ clinician }: { clinician: HubClinician }) {
  const status = clinicianStatus(clinician);
  return (
    <span
      data-testid="clinician-status"
      className={cn(
        "inline-flex w-fit items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        status.badge,
      )}
    >
      <span aria-hidden="true" className={cn("size-2 shrink-0 rounded-full", status.dot)} />
      {status.label}
    </span>
  );
}

/** One colleague: summary line, and on demand their Seeking Coverage shifts and Available Off Days. */
export function ClinicianRow({
  item,
  rangeLabel,
  onRequestSwap,
}: {
  item: HubListingItem;
  /** How the period is named in the messages: 'in this date range' or 'in the coming weeks'. */
  rangeLabel: string;
  onRequestSwap: (target: SwapRequestTarget) => void;
}) {
  const { clinician } = item;
  const [open, setOpen] = useState(false);
  const id = useId();
  const name = `${clinician.firstName} ${clinician.lastName}`;

  const toggle = () => {
    if (!open)
      toast({
        title: "Clinician selected",
        description: (
          <>
            <bdi>{name}</bdi>'s availability is shown below.
          </>
        ),
      });
    setOpen(!open);
  };

  const pickDay = (shift: Shift) => {
    toast({
      title: "Rest day selected",
      description: (
        <>
          <bdi>{name}</bdi> · {longDay(shift.date)}
        </>
      ),
    });
    onRequestSwap({ clinician, date: shift.date, availabilityShift: shift });
  };

  return (
    <li className="rounded-lg border border-border bg-card" data-testid="clinician-row">
      <ClinicianSummary clinician={clinician} name={name} open={open} detailsId={`${id}-details`} onToggle={toggle} />
      <div id={`${id}-details`} hidden={!open} className="flex flex-col gap-4 border-t border-border px-3 py-3 sm:px-4">
        {open && (
          <>
            <SeekingCoverage name={name} shifts={item.seekingCoverageShifts} rangeLabel={rangeLabel} />
            <OffDays item={item} name={name} rangeLabel={rangeLabel} onPick={pickDay} />
          </>
        )}
      </div>
    </li>
  );
}

/** The always-visible part of a row: who they are, their status, and the details toggle. */
function ClinicianSummary({
  clinician,
  name,
  open,
  detailsId,
  onToggle,
}: {
  clinician: HubClinician;
  name: string;
  open: boolean;
  detailsId: string;
  onToggle: () => void;
}) {
  return (
    <div className="flex items-start gap-3 p-3 sm:p-4">
      <Avatar className="size-11 shrink-0">
        <AvatarFallback>{initials(clinician.firstName, clinician.lastName)}</AvatarFallback>
      </Avatar>
      {/* Name and grade keep the full width on phones; the toggle shares the badge's line, or wraps under it. */}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="break-words pt-1 text-base font-bold [overflow-wrap:anywhere]">
          <bdi>{name}</bdi>
        </h3>
        <p className="text-sm text-muted-foreground">
          {gradeLabel(clinician.clinicalGrade)}
          {clinician.hub && <> · {clinician.hub}</>}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <StatusBadge clinician={clinician} />
          <Button
            variant="ghost"
            size="sm"
            className="-mr-2 -mb-1 shrink-0"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={onToggle}
          >
            <span>{open ? "Hide details" : "Show details"}</span>
            <span className="sr-only"> for {name}</span>
            <ChevronDown aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Their shifts needing cover: what the asker would work in return. */
function SeekingCoverage({ name, shifts, rangeLabel }: { name: string; shifts: Shift[]; rangeLabel: string }) {
  return (
    <section className="flex flex-col gap-2" aria-label={`Seeking Coverage shifts of ${name}`}>
      <h4 className="text-sm font-bold">Seeking Coverage</h4>
      {shifts.length === 0 ? (
        <p className="text-sm text-muted-foreground">No shifts needing cover {rangeLabel}.</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {shifts.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm">
              <span className="font-semibold">{longDay(s.date)}</span>
              <span className="inline-flex items-center gap-1 text-muted-foreground">
                <Clock aria-hidden="true" className="size-3.5" />
                {times(s)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {shifts.length === HUB_SHIFT_LIMIT && <MoreHint />}
    </section>
  );
}

/** Their Available Off Days, each a button that starts a swap request; only with cover to give back. */
function OffDays({
  item,
  name,
  rangeLabel,
  onPick,
}: {
  item: HubListingItem;
  name: string;
  rangeLabel: string;
  onPick: (shift: Shift) => void;
}) {
  const { clinician, restDays, seekingCoverageShifts } = item;
  return (
    <section className="flex flex-col gap-2" aria-label={`Available Off Days of ${name}`}>
      <h4 className="text-sm font-bold">Available Off Days</h4>
      {seekingCoverageShifts.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <bdi>{clinician.firstName}</bdi>'s Available Off Days show here when they also have a shift needing cover{" "}
          {rangeLabel}, so that the swap works both ways.
        </p>
      ) : restDays.length === 0 ? (
        <p className="text-sm text-muted-foreground">No Available Off Days {rangeLabel}.</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Choose a day to ask <bdi>{clinician.firstName}</bdi> to swap.
          </p>
          <div className="flex flex-wrap gap-2">
            {restDays.map((s) => (
              <Button needsConnection key={s.id} variant="outline" size="sm" onClick={() => onPick(s)}>
                <CalendarCheck aria-hidden="true" />
                <span className="sr-only">Request a swap with {name} on </span>
                {shortDay(s.date)}
              </Button>
            ))}
          </div>
          {restDays.length === HUB_SHIFT_LIMIT && <MoreHint />}
        </>
      )}
    </section>
  );
}

function MoreHint() {
  return (
    <p className="text-xs text-muted-foreground">
      Showing the next {HUB_SHIFT_LIMIT}. Filter by date range to see later days.
    </p>
  );
}
