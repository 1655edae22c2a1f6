import { gradeLabel } from "@common/enums";
import { fullName } from "@common/names";
import type { PotentialMatch, SwapShift } from "@common/swaps";
import { Spinner } from "@/components/ui/spinner";
import { formatDay, LONG_DATE } from "@/lib/format";
import { cn } from "@/lib/utils";
import { askKey } from "../hooks/use-swap-wizard";
import { RestWarningNote } from "./rest-warnings";
import { ThreeWaySwaps } from "./three-way-swaps";

/** The wizard's 'Find a match' step: colleagues free that day, or an open request to everyone. */
export function FindMatches({
  shift,
  loading,
  matches,
  asked,
  choice,
  onChoose,
  onProposed,
}: {
  shift: SwapShift;
  loading: boolean;
  matches: PotentialMatch[];
  asked: Set<string>;
  choice: { kind: "match"; userId: number } | { kind: "open" } | null;
  onChoose: (c: { kind: "match"; userId: number } | { kind: "open" }) => void;
  /** A three-way swap was proposed (the wizard closes; its conversation opens). */
  onProposed: () => void;
}) {
  return (
    <>
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
                <MatchChoice
                  key={m.user.id}
                  match={m}
                  done={done}
                  checked={choice?.kind === "match" && choice.userId === m.user.id}
                  onChoose={() => onChoose({ kind: "match", userId: m.user.id })}
                />
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
      <ThreeWaySwaps shiftId={shift.id} onProposed={onProposed} />
    </>
  );
}

/** One colleague to ask: name, grade and hub, whether they need cover, and whose rest it breaks. */
function MatchChoice({
  match: m,
  done,
  checked,
  onChoose,
}: {
  match: PotentialMatch;
  /** Already asked about this shift. */
  done: boolean;
  checked: boolean;
  onChoose: () => void;
}) {
  return (
    <label
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
        checked={checked}
        onChange={onChoose}
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
}
