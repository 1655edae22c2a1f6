import { fullName } from "@common/names";
import type { SwapRole } from "@common/swap-rules";
import type { SwapRequest } from "@common/swaps";
import { CheckCircle2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { RestWarnings } from "@/components/rest-warnings";
import { Button } from "@/components/ui/button";
import { useDeal } from "../hooks/use-deal";
import { otherFirstName } from "./rest-warnings";
import { ShiftLine } from "./shift-choice";

/** 'Deal Agreement' in Swap Details: each party's agreement, the responder's choice of offer, the rest warnings. */
export function DealAgreement({
  request: r,
  role,
  canAgree,
}: {
  request: SwapRequest;
  role: SwapRole;
  canAgree: boolean;
}) {
  const [offerChoice, setOfferChoice] = useState<number | null>(r.acceptedOfferShiftId);
  const deal = useDeal(r, role, offerChoice);
  const completed = r.status === "completed";
  const choosing = role === "responder" && !r.responderAgreed && r.offers.length > 0 && canAgree;

  const mark = (agreed: boolean, mine: boolean) =>
    mine ? (
      agreed ? (
        <div className="flex items-center gap-2">
          <AgreedMark />
          {!completed && (
            <Button needsConnection size="sm" variant="outline" onClick={deal.withdraw} disabled={deal.busy}>
              Undo
            </Button>
          )}
        </div>
      ) : (
        <Button needsConnection size="sm" onClick={deal.agree} disabled={deal.busy || completed || !canAgree}>
          {deal.agreeing ? "Agreeing..." : deal.acknowledging ? "I understand and still agree" : "Agree"}
        </Button>
      )
    ) : agreed ? (
      <AgreedMark />
    ) : (
      <span className="font-semibold text-muted-foreground">Pending</span>
    );

  return (
    <section
      id={`deal-${r.id}`}
      tabIndex={-1}
      aria-labelledby={`deal-heading-${r.id}`}
      className="flex scroll-mt-4 flex-col gap-2 outline-none"
    >
      <h3 id={`deal-heading-${r.id}`} className="text-lg font-bold">
        Deal Agreement
      </h3>
      {choosing && <OfferChoice request={r} choice={offerChoice} onChoose={setOfferChoice} />}
      {!completed && (
        <>
          <RestWarnings title="This swap breaks your rest" warnings={deal.mineWarnings} />
          <RestWarnings
            title={
              <span>
                This swap breaks <bdi>{otherFirstName(r, role)}</bdi>'s rest
              </span>
            }
            warnings={deal.theirWarnings}
            theirs
          />
        </>
      )}
      <Party label="Requester" name={fullName(r.requesterUser)}>
        {mark(r.requesterAgreed, role === "requester")}
      </Party>
      <Party label="Responder" name={r.responderUser ? fullName(r.responderUser) : "Looking for match"}>
        {mark(r.responderAgreed, role === "responder")}
      </Party>
      {completed && (
        <p className="flex items-center gap-2 rounded-md bg-[#e5f2eb] p-3 font-semibold text-[#00522a]" role="status">
          <CheckCircle2 aria-hidden="true" className="size-5" /> Deal completed!
        </p>
      )}
      {!r.responderUser && r.status === "pending" && (
        <p className="text-sm text-muted-foreground">Agreeing opens once a colleague offers to cover this shift.</p>
      )}
    </section>
  );
}

/** One party's line: who, and whether they agreed (or the signed-in party's own button). */
function Party({ label, name, children }: { label: string; name: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3">
      <div className="flex min-w-0 flex-col">
        <span className="text-sm font-semibold text-muted-foreground">{label}</span>
        <bdi>{name}</bdi>
      </div>
      {children}
    </div>
  );
}

function AgreedMark() {
  return (
    <span className="inline-flex items-center gap-1 font-semibold text-success">
      <CheckCircle2 aria-hidden="true" className="size-4" /> Agreed
    </span>
  );
}

/** The responder picks which offered shift the requester covers in return, or none. */
function OfferChoice({
  request: r,
  choice,
  onChoose,
}: {
  request: SwapRequest;
  choice: number | null;
  onChoose: (shiftId: number | null) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2 rounded-md bg-muted p-3">
      <legend className="mb-1 text-sm font-semibold">
        Which of your shifts should <bdi>{r.requesterUser.firstName}</bdi> cover in return?
      </legend>
      {r.offers.map((o) => (
        <label key={o.shiftId} className="flex cursor-pointer items-start gap-2 text-base">
          <input
            type="radio"
            name={`offer-${r.id}`}
            className="mt-0.5 size-5 shrink-0 accent-primary"
            checked={choice === o.shiftId}
            onChange={() => onChoose(o.shiftId)}
          />
          <ShiftLine shift={o.shift} />
        </label>
      ))}
      <label className="flex cursor-pointer items-center gap-2 text-base">
        <input
          type="radio"
          name={`offer-${r.id}`}
          className="size-5 accent-primary"
          checked={choice === null}
          onChange={() => onChoose(null)}
        />
        None, no shift in return
      </label>
    </fieldset>
  );
}
