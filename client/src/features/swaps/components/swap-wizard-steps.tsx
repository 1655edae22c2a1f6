import { MAX_OFFERS } from "@common/swap-rules";
import type { PotentialMatch, SwapShift } from "@common/swaps";
import type { Warning } from "@common/working-time";
import { Spinner } from "@/components/ui/spinner";
import { formatDay, LONG_DATE } from "@/lib/format";
import { askKey, type SwapWizardTarget } from "../hooks/use-swap-wizard";
import { OfferPicker } from "./offer-picker";
import { ShiftChoice } from "./shift-choice";

/**
 * The swap wizard's steps that pick shifts: your shift, and the shifts you offer in return. The
 * others are in wizard-find-matches.tsx and wizard-confirm.tsx; hooks/use-swap-wizard.ts holds the
 * flow between them.
 */

export function SelectShift({
  shifts,
  loading,
  failed,
  selected,
  onSelect,
  target,
  asked,
}: {
  shifts: SwapShift[] | undefined;
  loading: boolean;
  failed: boolean;
  selected: number | null;
  onSelect: (id: number) => void;
  target: SwapWizardTarget | null;
  asked: Set<string>;
}) {
  if (loading) return <Spinner label="Loading your shifts" />;
  if (failed) {
    return (
      <p role="alert" className="text-base">
        Your shifts could not be loaded. Please close this window and try again.
      </p>
    );
  }
  if (!shifts || shifts.length === 0) {
    return (
      <div className="rounded-md bg-muted p-4" role="status">
        <p className="font-semibold">No eligible shifts</p>
        <p className="text-base text-muted-foreground">
          {target
            ? `You have no day or night shift on ${formatDay(target.date, LONG_DATE)} that can be swapped. Only non-protected future shifts can be swapped; add the shift in your calendar first.`
            : "You have no non-protected future shifts. Add your day and night shifts in your calendar to swap them."}
        </p>
      </div>
    );
  }
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-base">
        {target ? (
          <>
            Which of your shifts on {formatDay(target.date, LONG_DATE)} would <bdi>{target.clinician.firstName}</bdi>{" "}
            work?
          </>
        ) : (
          "Which shift would you like someone to work for you?"
        )}
      </legend>
      {/* No box of its own: the list scrolls with the step, using the height of the screen. */}
      <div className="flex flex-col gap-2 p-1">
        {shifts.map((s) => {
          const done = target !== null && asked.has(askKey(s.id, target.clinician.id));
          return (
            <ShiftChoice
              key={s.id}
              shift={s}
              type="radio"
              name="swap-shift"
              checked={selected === s.id}
              onChange={() => onSelect(s.id)}
              disabled={done}
              extra={
                done && target ? (
                  <span className="text-sm font-semibold">
                    Already asked <bdi>{target.clinician.firstName}</bdi> about this shift
                  </span>
                ) : undefined
              }
            />
          );
        })}
      </div>
    </fieldset>
  );
}

export function SelectCoverage({
  loading,
  match,
  target,
  offerIds,
  offerWarnings,
  onChange,
}: {
  loading: boolean;
  match: PotentialMatch | null;
  target: SwapWizardTarget | null;
  offerIds: number[];
  offerWarnings: ReadonlyMap<number, Warning[]>;
  onChange: (ids: number[]) => void;
}) {
  if (loading) return <Spinner label="Checking availability" />;
  if (!match) {
    return (
      <p role="alert" className="rounded-md bg-muted p-3 text-base">
        {target ? (
          <>
            <bdi>{target.clinician.firstName}</bdi> no longer has an Available Off Day on{" "}
            {formatDay(target.date, LONG_DATE)}, so this swap cannot be requested.
          </>
        ) : (
          "Choose a colleague first."
        )}
      </p>
    );
  }
  const list = match.seekingCoverageShifts;
  if (list.length === 0) {
    return (
      <p className="rounded-md bg-muted p-3 text-base text-muted-foreground">
        <bdi>{match.user.firstName}</bdi> has no shifts needing cover on days you are free, so there is nothing to offer
        in return. You can still send the request.
      </p>
    );
  }
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-base">
        Optional: offer to work up to {MAX_OFFERS} of <bdi>{match.user.firstName}</bdi>'s shifts that need cover.{" "}
        <bdi>{match.user.firstName}</bdi> can pick one when agreeing.
      </legend>
      <OfferPicker shifts={list} selected={offerIds} onChange={onChange} name="swap-offer" warnings={offerWarnings} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {offerIds.length} of {MAX_OFFERS} selected
      </p>
    </fieldset>
  );
}
