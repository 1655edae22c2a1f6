import type { PotentialMatch, SwapRequest, SwapShift } from "@common/swaps";
import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { useUser } from "@/lib/user";
import { useFindMatches } from "../api/find-matches";
import { useEligibleShifts } from "../api/get-eligible-shifts";
import { useSwapRequests } from "../api/get-swap-requests";
import { introMessage } from "../intro-message";
import { useOfferWarnings } from "./use-offer-warnings";
import { useSubmitSwapRequest } from "./use-submit-swap-request";

/** Opened from the clinician browser: the colleague and their Available Off Day are already chosen. */
export type SwapWizardTarget = {
  clinician: { id: number; firstName: string; lastName: string };
  date: string;
};

export type WizardStep = "select-shift" | "find-matches" | "select-coverage" | "confirm" | "message";

export type WizardChoice = { kind: "match"; userId: number } | { kind: "open" };

const NO_SHIFTS: SwapShift[] = [];

export const askKey = (shiftId: number, responderId: number) => `${shiftId}:${responderId}`;

/** My open requests by shift and colleague: asking the same colleague about the same shift twice is refused. */
export function askedAlready(requests: SwapRequest[], myId: number): Set<string> {
  return new Set(
    requests
      .filter((r) => r.requesterId === myId && r.responderId !== null && ["pending", "accepted"].includes(r.status))
      .map((r) => askKey(r.requesterShiftId, r.responderId as number)),
  );
}

/**
 * The swap wizard's state and step logic (SPEC §2/§4, readings A and B as reconciled by DESIGN):
 * which steps the path has, when Next is allowed, the introduction written on the way to the
 * message step, and creating the request. swap-wizard.tsx only renders it.
 */
export function useSwapWizard({
  target,
  initialShiftId,
  onClose,
}: {
  target: SwapWizardTarget | null;
  initialShiftId: number | null;
  onClose: () => void;
}) {
  const { setStep, ...choices } = useWizardChoices({ target, initialShiftId });
  const { user, step, choice, shift, match, offers } = choices;
  const [message, setMessage] = useState("");
  const { submit: create, submitting } = useSubmitSwapRequest(onClose);

  // The path: from an off day the colleague is already found; an open request offers nothing in
  // return. A colleague's path always has the offers step (it says when there is nothing to offer).
  const steps: WizardStep[] = useMemo(() => {
    if (target) return ["select-shift", "select-coverage", "confirm", "message"];
    if (choice?.kind === "open") return ["select-shift", "find-matches", "confirm", "message"];
    return ["select-shift", "find-matches", "select-coverage", "confirm", "message"];
  }, [target, choice]);
  const index = steps.indexOf(step);

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
    if (shift) create({ shift, match, offers, message });
  };

  return { ...choices, steps, index, message, setMessage, canGoOn, next, back, submit, submitting };
}

/** What the wizard has chosen so far (step, my shift, the colleague, the offers) and the lists it chooses from. */
function useWizardChoices({
  target,
  initialShiftId,
}: {
  target: SwapWizardTarget | null;
  initialShiftId: number | null;
}) {
  const { user } = useUser();
  const [step, setStep] = useState<WizardStep>(initialShiftId && !target ? "find-matches" : "select-shift");
  const [shiftId, setShiftId] = useState<number | null>(initialShiftId);
  const [choice, setChoice] = useState<WizardChoice | null>(null);
  const [offerIds, setOfferIds] = useState<number[]>([]);

  const eligible = useEligibleShifts(target?.date ?? null);
  const mine = useSwapRequests();
  const asked = askedAlready(mine.data ?? [], user?.id ?? 0);
  const matches = useFindMatches(step === "select-shift" ? null : shiftId);

  const shift = eligible.data?.find((s) => s.id === shiftId) ?? null;
  const matchList = matches.isError ? [] : (matches.data ?? []);
  const match: PotentialMatch | null = target
    ? (matchList.find((m) => m.user.id === target.clinician.id) ?? null)
    : choice?.kind === "match"
      ? (matchList.find((m) => m.user.id === choice.userId) ?? null)
      : null;
  const offers = (match?.seekingCoverageShifts ?? []).filter((s) => offerIds.includes(s.id));

  const offerWarnings = useOfferWarnings(shift, match?.seekingCoverageShifts ?? NO_SHIFTS);

  // SPEC §8's words whatever the cause.
  useEffect(() => {
    if (!matches.isError) return;
    toast({
      variant: "destructive",
      title: "Error finding matches",
      description: "There was a problem finding potential matches for your shift.",
    });
  }, [matches.isError]);

  // Opened from a colleague's off day with just one of my shifts that date to offer: it is chosen,
  // and the wizard goes straight on (SPEC §4: a preselected shift skips the shift step).
  const preselected = useRef(false);
  const choosable = target ? (eligible.data ?? []).filter((s) => !asked.has(askKey(s.id, target.clinician.id))) : [];
  useEffect(() => {
    if (preselected.current || !target || !eligible.data || mine.isPending) return;
    preselected.current = true;
    if (choosable.length === 1) {
      setShiftId(choosable[0].id);
      setStep("select-coverage");
    }
  }, [target, eligible.data, mine.isPending, choosable]);

  /** A new colleague (or the open request) starts with nothing offered. */
  const choose = (next: WizardChoice) => {
    setChoice(next);
    setOfferIds([]);
  };

  return {
    user,
    step,
    setStep,
    eligible,
    matches,
    matchList,
    asked,
    shiftId,
    setShiftId,
    shift,
    choice,
    choose,
    match,
    offerIds,
    setOfferIds,
    offers,
    offerWarnings,
  };
}
