import { gradeLabel } from "@common/enums";
import { fullName } from "@common/names";
import { MAX_OFFERS } from "@common/swap-rules";
import type { PotentialMatch, SwapShift } from "@common/swaps";
import type { Warning } from "@common/working-time";
import { RestWarnings } from "@/components/rest-warnings";
import { Spinner } from "@/components/ui/spinner";
import { formatDay, LONG_DATE } from "@/lib/format";
import { cn } from "@/lib/utils";
import { askKey, type SwapWizardTarget } from "../hooks/use-swap-wizard";
import { OfferPicker } from "./offer-picker";
import { RestWarningNote } from "./rest-warnings";
import { ShiftChoice, ShiftLine } from "./shift-choice";

/** The swap wizard's steps (hooks/use-swap-wizard.ts holds the flow between them). */

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

export function FindMatches({
  shift,
  loading,
  matches,
  asked,
  choice,
  onChoose,
}: {
  shift: SwapShift;
  loading: boolean;
  matches: PotentialMatch[];
  asked: Set<string>;
  choice: { kind: "match"; userId: number } | { kind: "open" } | null;
  onChoose: (c: { kind: "match"; userId: number } | { kind: "open" }) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-base">
        Colleagues of your grade with an Available Off Day on {formatDay(shift.date, LONG_DATE)}:
      </legend>
      {loading ? (
        <Spinner label="Finding matches" />
      ) : (
        <div className="flex max-h-60 flex-col gap-2 overflow-y-auto p-1" data-testid="match-list">
          {matches.length === 0 && (
            <p className="rounded-md bg-muted p-3 text-base text-muted-foreground">
              No matches found for this date yet. You can still ask everyone of your grade.
            </p>
          )}
          {matches.map((m) => {
            const done = asked.has(askKey(shift.id, m.user.id));
            return (
              <label
                key={m.user.id}
                className={cn(
                  "flex items-start gap-3 rounded-md border border-border bg-card p-3 has-[:checked]:border-2 has-[:checked]:border-primary has-[:checked]:bg-primary-soft",
                  done ? "cursor-not-allowed bg-muted" : "cursor-pointer",
                )}
              >
                <input
                  type="radio"
                  name="swap-match"
                  className="mt-1 size-5 shrink-0 accent-primary"
                  disabled={done}
                  checked={choice?.kind === "match" && choice.userId === m.user.id}
                  onChange={() => onChoose({ kind: "match", userId: m.user.id })}
                />
                <span className="flex min-w-0 flex-col">
                  <bdi className="font-semibold">{fullName(m.user)}</bdi>
                  <span className="text-sm text-muted-foreground">
                    {gradeLabel(m.user.clinicalGrade)}
                    {m.user.hub ? ` · ${m.user.hub}` : ""}
                  </span>
                  {done ? (
                    <span className="text-sm font-semibold">Already asked about this shift</span>
                  ) : (
                    m.seekingCoverageShifts.length > 0 && (
                      <span className="text-sm text-muted-foreground">
                        Needs cover on {m.seekingCoverageShifts.length} day
                        {m.seekingCoverageShifts.length === 1 ? "" : "s"} you are free
                      </span>
                    )
                  )}
                  <RestWarningNote
                    lead={
                      <span>
                        Breaks <bdi>{m.user.firstName}</bdi>'s rest
                      </span>
                    }
                    warnings={m.warnings}
                    theirs
                  />
                </span>
              </label>
            );
          })}
        </div>
      )}
      <label className="flex cursor-pointer items-start gap-3 rounded-md border border-dashed border-input bg-card p-3 has-[:checked]:border-2 has-[:checked]:border-primary has-[:checked]:bg-primary-soft">
        <input
          type="radio"
          name="swap-match"
          className="mt-1 size-5 shrink-0 accent-primary"
          checked={choice?.kind === "open"}
          onChange={() => onChoose({ kind: "open" })}
        />
        <span className="flex flex-col">
          <span className="font-semibold">Looking for match</span>
          <span className="text-sm text-muted-foreground">
            Create an open request: any colleague of your grade can offer to cover it.
          </span>
        </span>
      </label>
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

export function Confirm({
  shift,
  match,
  offers,
  offerWarnings,
  grade,
}: {
  shift: SwapShift;
  match: PotentialMatch | null;
  offers: SwapShift[];
  offerWarnings: ReadonlyMap<number, Warning[]>;
  grade: string | undefined;
}) {
  const mine = offers.flatMap((o) => offerWarnings.get(o.id) ?? []);
  return (
    <div className="flex flex-col gap-3">
      <Summary shift={shift} match={match} offers={offers} grade={grade} />
      {match && (
        <RestWarnings
          title={
            <span>
              This swap breaks <bdi>{match.user.firstName}</bdi>'s rest
            </span>
          }
          warnings={match.warnings}
          theirs
        />
      )}
      <RestWarnings
        title={
          offers.length > 1 ? (
            <span>
              If <bdi>{match?.user.firstName}</bdi> picks one of these, covering it breaks your rest
            </span>
          ) : (
            "Covering this shift breaks your rest"
          )
        }
        warnings={mine}
      />
    </div>
  );
}

function Summary({
  shift,
  match,
  offers,
  grade,
}: {
  shift: SwapShift;
  match: PotentialMatch | null;
  offers: SwapShift[];
  grade: string | undefined;
}) {
  return (
    <dl className="flex flex-col gap-3 rounded-md border border-border p-4">
      <div>
        <dt className="text-sm font-semibold text-muted-foreground">Your shift</dt>
        <dd>
          <ShiftLine shift={shift} />
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold text-muted-foreground">Swap with</dt>
        <dd>
          {match ? (
            <>
              <bdi>{fullName(match.user)}</bdi> (Available Off Day)
            </>
          ) : (
            `Looking for match: any ${grade ? gradeLabel(grade).toLowerCase() : "colleague"} with an Available Off Day that date can offer to cover it`
          )}
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold text-muted-foreground">You offer to cover</dt>
        <dd>
          {offers.length === 0 ? (
            "Nothing in return"
          ) : (
            <ul className="flex flex-col gap-1">
              {offers.map((o) => (
                <li key={o.id}>
                  <ShiftLine shift={o} />
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
    </dl>
  );
}
