import { fullName } from "@common/names";
import { answerRoleOf, coveredShiftType, takenFrom } from "@common/swap-rules";
import type { SwapRequest, ThreeWayRequestParty } from "@common/swaps";
import type { ThreeWayShift } from "@common/three-way";
import { CheckCircle2 } from "lucide-react";
import { RestWarnings } from "@/components/rest-warnings";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { formatDay, shiftTypeLabel } from "@/lib/format";
import { useRejectSwapRequest } from "../api/reject";
import { useDeal } from "../hooks/use-deal";
import { failureToast, successToast } from "../toasts";
import { GrsReminder } from "./grs-reminder";

// A Seeking Coverage entry is named by the shift it is, as the one who works it sees it.
const worked = (s: ThreeWayShift) =>
  s.shiftType === "day" || s.shiftType === "night" ? s.shiftType : coveredShiftType(s);
const day = (s: ThreeWayShift) => `${formatDay(s.date, "EEE d MMM")} ${shiftTypeLabel(worked(s))}`;
const isOpen = (r: SwapRequest) => r.status === "pending" || r.status === "accepted";

/**
 * A three-way request in Swap Details (DESIGN §5.23): who works whose shift, each party's agreement,
 * and the signed-in party's own Agree (with the rest-warning acknowledgement), Undo and Decline.
 */
export function ThreeWayDeal({
  request: r,
  parties,
  myId,
}: {
  request: SwapRequest;
  parties: ThreeWayRequestParty[];
  myId: number;
}) {
  // The answer carries the signed-in party's own warnings under their role; no offer is ever chosen.
  const deal = useDeal(r, answerRoleOf(r, myId), null);
  const completed = r.status === "completed";
  const name = (p: ThreeWayRequestParty) => (p.user.id === myId ? "You" : fullName(p.user));
  return (
    <section
      id={`deal-${r.id}`}
      tabIndex={-1}
      aria-labelledby={`deal-heading-${r.id}`}
      className="flex scroll-mt-4 flex-col gap-2 outline-none"
    >
      <h3 id={`deal-heading-${r.id}`} className="text-lg font-bold">
        Three-way swap
      </h3>
      <p className="text-sm text-muted-foreground">
        Each of you works the shift of the one before and has a rest day on your own date. The last Agree completes it.
      </p>
      {!completed && <RestWarnings title="This swap breaks your rest" warnings={deal.mineWarnings} />}
      <ul className="flex flex-col gap-2">
        {parties.map((p, i) => {
          const from = parties[takenFrom(i, parties.length)];
          const mine = p.user.id === myId;
          return (
            <li
              key={p.user.id}
              data-testid="three-way-party"
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3"
            >
              <div className="flex min-w-0 flex-col">
                <bdi className="font-semibold">{name(p)}</bdi>
                <span className="text-sm">
                  Works <bdi>{from.user.id === myId ? "your" : `${fullName(from.user)}'s`}</bdi> {day(p.takes)}
                </span>
                {/* 'Rest day on Sun 15 Aug Day Shift' read as a rest day that is a day shift. */}
                <span className="text-sm text-muted-foreground">
                  Rest day on {formatDay(p.gives.date, "EEE d MMM")} instead of the {shiftTypeLabel(worked(p.gives))}
                </span>
              </div>
              <PartyMark agreed={p.agreed} mine={mine} open={isOpen(r)} deal={deal} />
            </li>
          );
        })}
      </ul>
      {completed && (
        <p className="flex items-center gap-2 rounded-md bg-[#e5f2eb] p-3 font-semibold text-[#00522a]" role="status">
          <CheckCircle2 aria-hidden="true" className="size-5" /> Deal completed!
        </p>
      )}
      {isOpen(r) && <DeclineThreeWay id={r.id} />}
    </section>
  );
}

function PartyMark({
  agreed,
  mine,
  open,
  deal,
}: {
  agreed: boolean;
  mine: boolean;
  open: boolean;
  deal: ReturnType<typeof useDeal>;
}) {
  if (agreed) {
    return (
      <div className="flex items-center gap-2">
        <span className="inline-flex items-center gap-1 font-semibold text-success">
          <CheckCircle2 aria-hidden="true" className="size-4" /> Agreed
        </span>
        {mine && open && (
          <Button needsConnection size="sm" variant="outline" onClick={deal.withdraw} disabled={deal.busy}>
            Undo
          </Button>
        )}
      </div>
    );
  }
  if (!mine || !open) return <span className="font-semibold text-muted-foreground">Pending</span>;
  return (
    <Button needsConnection size="sm" onClick={deal.agree} disabled={deal.busy}>
      {deal.agreeing ? "Agreeing..." : deal.acknowledging ? "I understand and still agree" : "Agree"}
    </Button>
  );
}

/** Any of the three may decline, which ends the proposal for all three; asked once first. */
function DeclineThreeWay({ id }: { id: number }) {
  const reject = useRejectSwapRequest();
  const decline = () =>
    reject.mutate(id, {
      onSuccess: () => successToast("Three-way swap declined", "The proposal has ended for all three of you."),
      onError: (e) => failureToast("Failed to decline", e),
    });
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button needsConnection variant="outline" className="self-start" disabled={reject.isPending}>
          Decline
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Decline this three-way swap?</AlertDialogTitle>
          <AlertDialogDescription>It ends for all three of you. The conversation stays.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction needsConnection onClick={decline}>
            Decline
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * After a completed three-way swap: what each must submit on GRS, from the signed-in party's side,
 * with the same ticks as a pairwise swap (without them the request would wait for GRS for ever).
 */
export function ThreeWayGrsReminder({
  request,
  parties,
  myId,
}: {
  request: SwapRequest;
  parties: ThreeWayRequestParty[];
  myId: number;
}) {
  const at = parties.findIndex((p) => p.user.id === myId);
  if (at < 0) return null;
  const me = parties[at];
  const from = parties[takenFrom(at, parties.length)];
  const to = parties[(at + 1) % parties.length];
  return (
    <GrsReminder request={request}>
      Three changes go on GRS, the employer's rostering system; CrewSwap does not do that for you. Yours: you work{" "}
      <bdi>{fullName(from.user)}</bdi>'s {day(me.takes)}, and <bdi>{fullName(to.user)}</bdi> works your {day(me.gives)}.
    </GrsReminder>
  );
}
