import { fullName } from "@common/names";
import { ASK_EVERYONE_LABEL } from "@common/reminder-rules";
import type { SwapRequest } from "@common/swaps";
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
import { formatDay, LONG_DATE } from "@/lib/format";
import { useUpdateSwapRequest } from "../api/update-swap-request";
import { failureToast, successToast } from "../toasts";

/** Whether the requester is offered to open the request to everyone now (48 h without an answer). */
export const offersAskEveryone = (r: SwapRequest, now: number = Date.now()) =>
  r.askEveryoneFrom !== null && Date.parse(r.askEveryoneFrom) <= now;

/**
 * For the requester of a request its responder has not answered in 48 h: open it to everyone who
 * could cover (the existing edit with no responder, which sends them cover alerts), after a question.
 */
export function AskEveryone({ request: r }: { request: SwapRequest }) {
  const update = useUpdateSwapRequest();
  const name = r.responderUser ? fullName(r.responderUser) : "Your colleague";
  const day = formatDay(r.requesterShift.date, LONG_DATE);
  const open = async () => {
    try {
      await update.mutateAsync({ id: r.id, changes: { responderId: null } });
    } catch (e) {
      failureToast("Failed to update swap request", e);
      return;
    }
    successToast("Request opened to everyone", "Colleagues who could cover this shift have been told.");
  };
  return (
    <section
      aria-labelledby={`ask-everyone-${r.id}`}
      className="flex flex-col gap-2 rounded-md border border-border p-4"
    >
      <h3 id={`ask-everyone-${r.id}`} className="text-lg font-bold">
        No answer yet
      </h3>
      <p className="text-base">
        <bdi>{name}</bdi> hasn't answered your swap request for {day}. You can ask everyone of your grade who is free
        that day and could take the shift instead.
      </p>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          {/* Wraps on a narrow phone rather than widening the card. */}
          <Button needsConnection className="h-auto min-h-11 self-start whitespace-normal" disabled={update.isPending}>
            {update.isPending ? "Asking..." : ASK_EVERYONE_LABEL}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{ASK_EVERYONE_LABEL}?</AlertDialogTitle>
            <AlertDialogDescription>
              The request is no longer addressed to <bdi>{name}</bdi>. Colleagues who could take your shift on {day} are
              told, and any of them can offer to cover it.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep waiting</AlertDialogCancel>
            <AlertDialogAction needsConnection onClick={open}>
              Ask everyone
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
