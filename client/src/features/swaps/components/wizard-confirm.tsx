import { gradeLabel } from "@common/enums";
import { fullName } from "@common/names";
import type { PotentialMatch, SwapShift } from "@common/swaps";
import type { Warning } from "@common/working-time";
import { RestWarnings } from "@/components/rest-warnings";
import { ShiftLine } from "./shift-choice";

/** The wizard's 'Confirm your request' step: what is asked, and whose rest it would break. */
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
