import { fullName } from "@common/names";
import { useEffect, useRef } from "react";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { type SwapWizardTarget, useSwapWizard, type WizardStep } from "../hooks/use-swap-wizard";
import { SelectCoverage, SelectShift } from "./swap-wizard-steps";
import { Confirm } from "./wizard-confirm";
import { FindMatches } from "./wizard-find-matches";

/** Every path numbers its steps out of all five; a step the path does not need is passed over. */
const allSteps: WizardStep[] = ["select-shift", "find-matches", "select-coverage", "confirm", "message"];

const stepTitles: Record<WizardStep, string> = {
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

type Wizard = ReturnType<typeof useSwapWizard>;

function WizardBody({
  target,
  initialShiftId,
  onClose,
}: {
  target: SwapWizardTarget | null;
  initialShiftId: number | null;
  onClose: () => void;
}) {
  const w = useSwapWizard({ target, initialShiftId, onClose });
  return (
    <>
      <WizardHeader target={target} step={w.step} />
      <div className="flex min-h-0 flex-col gap-3 overflow-y-auto">
        <CurrentStep w={w} target={target} onClose={onClose} />
      </div>
      <WizardButtons w={w} onClose={onClose} />
    </>
  );
}

/** The title, 'Step n of 5' and the progress bar; focus moves to the step's name on each step. */
function WizardHeader({ target, step }: { target: SwapWizardTarget | null; step: WizardStep }) {
  const number = allSteps.indexOf(step) + 1;
  const headingRef = useRef<HTMLParagraphElement>(null);

  // Move focus to the step heading so keyboard and screen-reader users follow the steps.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every step change on purpose
  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const title = target ? (
    <>
      Request a swap with <bdi>{fullName(target.clinician)}</bdi>
    </>
  ) : (
    "New Swap Request"
  );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription id="swap-wizard-step">
          Step {number} of {allSteps.length}: {stepTitles[step]}
        </DialogDescription>
      </DialogHeader>
      <ol className="flex gap-1.5" aria-hidden="true">
        {allSteps.map((s, i) => (
          <li key={s} className={cn("h-1.5 flex-1 rounded-full", i < number ? "bg-primary" : "bg-muted")} />
        ))}
      </ol>
      <p ref={headingRef} tabIndex={-1} className="sr-only">
        {stepTitles[step]}
      </p>
    </>
  );
}

function CurrentStep({ w, target, onClose }: { w: Wizard; target: SwapWizardTarget | null; onClose: () => void }) {
  switch (w.step) {
    case "select-shift":
      return (
        <SelectShift
          shifts={w.eligible.data}
          loading={w.eligible.isPending}
          failed={w.eligible.isError}
          selected={w.shiftId}
          onSelect={w.setShiftId}
          target={target}
          asked={w.asked}
        />
      );
    case "find-matches":
      return (
        w.shift && (
          <FindMatches
            shift={w.shift}
            loading={w.matches.isPending}
            matches={w.matchList}
            asked={w.asked}
            choice={w.choice}
            onChoose={w.choose}
            onProposed={onClose}
          />
        )
      );
    case "select-coverage":
      return (
        <SelectCoverage
          loading={w.matches.isPending}
          match={w.match}
          target={target}
          offerIds={w.offerIds}
          offerWarnings={w.offerWarnings}
          onChange={w.setOfferIds}
        />
      );
    case "confirm":
      return (
        w.shift && (
          <Confirm
            shift={w.shift}
            match={w.match}
            offers={w.offers}
            offerWarnings={w.offerWarnings}
            grade={w.user?.clinicalGrade}
          />
        )
      );
    case "message":
      return <IntroMessage w={w} />;
  }
}

/** The last step: the message that opens the conversation, written for the user and editable. */
function IntroMessage({ w }: { w: Wizard }) {
  return (
    <FormField
      id="swap-intro"
      label={<>Message to {w.match ? <bdi>{w.match.user.firstName}</bdi> : "colleagues"}</>}
      hint={
        <p className="text-sm text-muted-foreground">It starts the conversation for this request. You can edit it.</p>
      }
    >
      {(control) => (
        <Textarea
          {...control}
          value={w.message}
          onChange={(e) => w.setMessage(e.target.value)}
          rows={10}
          maxLength={2000}
          className="min-h-[12rem]"
        />
      )}
    </FormField>
  );
}

function WizardButtons({ w, onClose }: { w: Wizard; onClose: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
      {w.index > 0 ? (
        <Button variant="outline" onClick={w.back} disabled={w.submitting}>
          Back
        </Button>
      ) : (
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      )}
      {w.step === "message" ? (
        <Button needsConnection onClick={w.submit} disabled={w.submitting || !w.shift}>
          {w.submitting ? "Sending..." : "Send request"}
        </Button>
      ) : (
        <Button onClick={w.next} disabled={!w.canGoOn}>
          Next
        </Button>
      )}
    </div>
  );
}
