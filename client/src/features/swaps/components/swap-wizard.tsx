import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useUser } from "@/features/auth/api/get-user";
import { isApiError } from "@/lib/api";
import { cn } from "@/lib/utils";
import { gradeLabel } from "../../../../../common/enums";
import { MAX_OFFERS, OFFER_LIMIT_MESSAGE, type PotentialMatch, type SwapShift } from "../../../../../common/swaps";
import { useCreateSwapRequest } from "../api/create-swap-request";
import { useFindMatches } from "../api/find-matches";
import { useEligibleShifts } from "../api/get-eligible-shifts";
import { formatDay, fullName, LONG_DATE } from "../format";
import { introMessage } from "../intro-message";
import { ShiftChoice, ShiftLine } from "./shift-choice";

/** Opened from the clinician browser: the colleague and their Available Off Day are already chosen. */
export type SwapWizardTarget = {
  clinician: { id: number; firstName: string; lastName: string };
  date: string;
};

type Step = "select-shift" | "find-matches" | "select-coverage" | "confirm" | "message";

const stepTitles: Record<Step, string> = {
  "select-shift": "Select your shift",
  "find-matches": "Find a match",
  "select-coverage": "Offer shifts in return",
  confirm: "Confirm your request",
  message: "Introductory message",
};

/**
 * The swap-request wizard (SPEC §2/§4, readings A and B as reconciled by DESIGN): choose one of my
 * eligible shifts, find a colleague with an Available Off Day (or ask everyone), optionally offer to
 * cover up to 3 of their shifts, confirm, write the introduction, create. From the clinician browser
 * it starts at my shifts on the chosen day, with the colleague already picked.
 */
export function SwapWizard({
  open,
  onOpenChange,
  target,
  shiftId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target?: SwapWizardTarget | null;
  /** A preselected shift jumps straight to finding matches. */
  shiftId?: number | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" aria-describedby="swap-wizard-step">
        {/* The body mounts only while open, so every opening starts afresh. */}
        {open && (
          <WizardBody target={target ?? null} initialShiftId={shiftId ?? null} onClose={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function WizardBody({
  target,
  initialShiftId,
  onClose,
}: {
  target: SwapWizardTarget | null;
  initialShiftId: number | null;
  onClose: () => void;
}) {
  const [, navigate] = useLocation();
  const { user } = useUser();
  const [step, setStep] = useState<Step>(initialShiftId && !target ? "find-matches" : "select-shift");
  const [shiftId, setShiftId] = useState<number | null>(initialShiftId);
  const [choice, setChoice] = useState<{ kind: "match"; userId: number } | { kind: "open" } | null>(null);
  const [offerIds, setOfferIds] = useState<number[]>([]);
  const [message, setMessage] = useState("");
  const headingRef = useRef<HTMLParagraphElement>(null);

  const eligible = useEligibleShifts(target?.date ?? null);
  const matches = useFindMatches(step === "select-shift" ? null : shiftId);
  const create = useCreateSwapRequest();

  const shift = eligible.data?.find((s) => s.id === shiftId) ?? null;
  const matchList = matches.isError ? [] : (matches.data ?? []);
  const match: PotentialMatch | null = target
    ? (matchList.find((m) => m.user.id === target.clinician.id) ?? null)
    : choice?.kind === "match"
      ? (matchList.find((m) => m.user.id === choice.userId) ?? null)
      : null;
  const offers = (match?.seekingCoverageShifts ?? []).filter((s) => offerIds.includes(s.id));

  useEffect(() => {
    if (!matches.isError) return;
    toast({
      variant: "destructive",
      title: "Error finding matches",
      description: "There was a problem finding potential matches for your shift.",
    });
  }, [matches.isError]);

  // Move focus to the step heading so keyboard and screen-reader users follow the steps.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every step change on purpose
  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const steps: Step[] = useMemo(() => {
    if (target) return ["select-shift", "select-coverage", "confirm", "message"];
    const withCoverage = match && match.seekingCoverageShifts.length > 0;
    return [
      "select-shift",
      "find-matches",
      ...(withCoverage ? (["select-coverage"] as Step[]) : []),
      "confirm",
      "message",
    ];
  }, [target, match]);
  const index = steps.indexOf(step);

  const toggleOffer = (id: number) => {
    if (offerIds.includes(id)) return setOfferIds(offerIds.filter((o) => o !== id));
    if (offerIds.length >= MAX_OFFERS) {
      toast({ title: "Selection Limit", description: OFFER_LIMIT_MESSAGE });
      return;
    }
    setOfferIds([...offerIds, id]);
  };

  const canGoOn =
    (step === "select-shift" && shift !== null) ||
    (step === "find-matches" && (choice?.kind === "open" || match !== null)) ||
    (step === "select-coverage" && match !== null) ||
    step === "confirm";

  const next = () => {
    const following = steps[index + 1];
    if (!following) return;
    if (following === "message" && shift && user) {
      setMessage(
        introMessage({
          responderFirstName: match?.user.firstName ?? null,
          requesterFirstName: user.firstName || user.username,
          shift,
          offers,
        }),
      );
    }
    setStep(following);
  };
  const back = () => {
    const previous = steps[index - 1];
    if (previous) setStep(previous);
  };

  const submit = () => {
    if (!shift) return;
    create.mutate(
      {
        requesterShiftId: shift.id,
        responderId: match?.user.id ?? null,
        responderAvailabilityId: match?.availability.id ?? null,
        offerShiftIds: match ? offers.map((o) => o.id) : [],
        introMessage: message.trim() || undefined,
      },
      {
        onSuccess: (request) => {
          toast({ title: "Swap request created" });
          onClose();
          navigate(`/messages?request=${request.id}`);
        },
        onError: (error) => {
          if (isApiError(error) && error.body?.message) {
            toast({ variant: "destructive", title: "Failed to create swap request", description: error.serverMessage });
          } else {
            toast({
              variant: "destructive",
              title: "Error creating request",
              description: "There was a problem creating your swap request.",
            });
          }
        },
      },
    );
  };

  const title = target ? `Request a swap with ${fullName(target.clinician)}` : "New Swap Request";

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription id="swap-wizard-step">
          Step {index + 1} of {steps.length}: {stepTitles[step]}
        </DialogDescription>
      </DialogHeader>
      <ol className="flex gap-1.5" aria-hidden="true">
        {steps.map((s, i) => (
          <li key={s} className={cn("h-1.5 flex-1 rounded-full", i <= index ? "bg-primary" : "bg-muted")} />
        ))}
      </ol>
      <p ref={headingRef} tabIndex={-1} className="sr-only">
        {stepTitles[step]}
      </p>

      <div className="flex min-h-0 flex-col gap-3 overflow-y-auto">
        {step === "select-shift" && (
          <SelectShift
            shifts={eligible.data}
            loading={eligible.isPending}
            failed={eligible.isError}
            selected={shiftId}
            onSelect={setShiftId}
            target={target}
          />
        )}
        {step === "find-matches" && shift && (
          <FindMatches
            shift={shift}
            loading={matches.isPending}
            matches={matchList}
            choice={choice}
            onChoose={(c) => {
              setChoice(c);
              setOfferIds([]);
            }}
          />
        )}
        {step === "select-coverage" && (
          <SelectCoverage
            loading={matches.isPending}
            match={match}
            target={target}
            offerIds={offerIds}
            onToggle={toggleOffer}
          />
        )}
        {step === "confirm" && shift && (
          <Confirm shift={shift} match={match} offers={offers} grade={user?.clinicalGrade} />
        )}
        {step === "message" && (
          <div className="flex flex-col gap-2">
            <Label htmlFor="swap-intro">Message to {match ? match.user.firstName : "colleagues"}</Label>
            <Textarea
              id="swap-intro"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              rows={10}
              maxLength={2000}
              className="min-h-[12rem]"
            />
            <p className="text-sm text-muted-foreground">
              It starts the conversation for this request. You can edit it.
            </p>
          </div>
        )}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        {index > 0 ? (
          <Button variant="outline" onClick={back} disabled={create.isPending}>
            Back
          </Button>
        ) : (
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
        )}
        {step === "message" ? (
          <Button onClick={submit} disabled={create.isPending || !shift}>
            {create.isPending ? "Sending..." : "Send request"}
          </Button>
        ) : (
          <Button onClick={next} disabled={!canGoOn}>
            Next
          </Button>
        )}
      </div>
    </>
  );
}

function SelectShift({
  shifts,
  loading,
  failed,
  selected,
  onSelect,
  target,
}: {
  shifts: SwapShift[] | undefined;
  loading: boolean;
  failed: boolean;
  selected: number | null;
  onSelect: (id: number) => void;
  target: SwapWizardTarget | null;
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
        {target
          ? `Which of your shifts on ${formatDay(target.date, LONG_DATE)} would ${target.clinician.firstName} work?`
          : "Which shift would you like someone to work for you?"}
      </legend>
      <div className="flex max-h-80 flex-col gap-2 overflow-y-auto p-1">
        {shifts.map((s) => (
          <ShiftChoice
            key={s.id}
            shift={s}
            type="radio"
            name="swap-shift"
            checked={selected === s.id}
            onChange={() => onSelect(s.id)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function FindMatches({
  shift,
  loading,
  matches,
  choice,
  onChoose,
}: {
  shift: SwapShift;
  loading: boolean;
  matches: PotentialMatch[];
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
          {matches.map((m) => (
            <label
              key={m.user.id}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-border bg-card p-3 has-[:checked]:border-2 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
            >
              <input
                type="radio"
                name="swap-match"
                className="mt-1 size-5 shrink-0 accent-primary"
                checked={choice?.kind === "match" && choice.userId === m.user.id}
                onChange={() => onChoose({ kind: "match", userId: m.user.id })}
              />
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold">{fullName(m.user)}</span>
                <span className="text-sm text-muted-foreground">
                  {gradeLabel(m.user.clinicalGrade)}
                  {m.user.hub ? ` · ${m.user.hub}` : ""}
                </span>
                {m.seekingCoverageShifts.length > 0 && (
                  <span className="text-sm text-muted-foreground">
                    Needs cover on {m.seekingCoverageShifts.length} day{m.seekingCoverageShifts.length === 1 ? "" : "s"}{" "}
                    you are free
                  </span>
                )}
              </span>
            </label>
          ))}
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

function SelectCoverage({
  loading,
  match,
  target,
  offerIds,
  onToggle,
}: {
  loading: boolean;
  match: PotentialMatch | null;
  target: SwapWizardTarget | null;
  offerIds: number[];
  onToggle: (id: number) => void;
}) {
  if (loading) return <Spinner label="Checking availability" />;
  if (!match) {
    return (
      <p role="alert" className="rounded-md bg-muted p-3 text-base">
        {target
          ? `${target.clinician.firstName} no longer has an Available Off Day on ${formatDay(target.date, LONG_DATE)}, so this swap cannot be requested.`
          : "Choose a colleague first."}
      </p>
    );
  }
  const list = match.seekingCoverageShifts;
  if (list.length === 0) {
    return (
      <p className="rounded-md bg-muted p-3 text-base text-muted-foreground">
        {match.user.firstName} has no shifts needing cover on days you are free, so there is nothing to offer in return.
        You can still send the request.
      </p>
    );
  }
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-base">
        Optional: offer to work up to {MAX_OFFERS} of {match.user.firstName}'s shifts that need cover.{" "}
        {match.user.firstName} can pick one when agreeing.
      </legend>
      <div className="flex max-h-60 flex-col gap-2 overflow-y-auto p-1">
        {list.map((s) => (
          <ShiftChoice
            key={s.id}
            shift={s}
            type="checkbox"
            name="swap-offer"
            checked={offerIds.includes(s.id)}
            onChange={() => onToggle(s.id)}
          />
        ))}
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {offerIds.length} of {MAX_OFFERS} selected
      </p>
    </fieldset>
  );
}

function Confirm({
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
          {match
            ? `${fullName(match.user)} (Available Off Day)`
            : `Looking for match: any ${grade ? gradeLabel(grade).toLowerCase() : "colleague"} with an Available Off Day that date can offer to cover it`}
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
