import type { SwapRequest } from "@common/swaps";
import { useLocation } from "wouter";
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
import { useDeleteSwapRequest } from "../api/delete-swap-request";
import { useRejectSwapRequest } from "../api/reject";
import { useUndoDecline } from "../api/undo-decline";
import { failureToast, successToast } from "../toasts";

/** The 'Actions' of Swap Details: reject, undo a decline, delete, as the party's role allows. */
export function SwapActions({
  request: r,
  allowed,
  onDeleted,
}: {
  request: SwapRequest;
  allowed: string[];
  onDeleted?: () => void;
}) {
  const reject = useRejectSwapRequest();
  const undo = useUndoDecline();
  const canReject = allowed.includes("reject");
  const canUndo = allowed.includes("undoDecline");
  const canDelete = allowed.includes("delete");
  if (!canReject && !canUndo && !canDelete) return null;

  const doReject = () =>
    reject.mutate(r.id, {
      onSuccess: () => successToast("Request rejected", "You have rejected this swap request."),
      onError: (e) => failureToast("Failed to reject request", e),
    });
  const doUndo = () =>
    undo.mutate(r.id, {
      onSuccess: () => {
        successToast("Decline undone", "The swap request has been restored to pending status.");
        // SPEC §4: the page reloads after an undone decline; the toast gets a moment first. On
        // /messages the open conversation is screen state, so the reload names it (?request=).
        window.setTimeout(() => {
          if (window.location.pathname === "/messages") window.location.assign(`/messages?request=${r.id}`);
          else window.location.reload();
        }, 1500);
      },
      onError: (e) => failureToast("Failed to undo decline", e),
    });

  return (
    <section aria-labelledby={`actions-${r.id}`} className="flex flex-col gap-2">
      <h3 id={`actions-${r.id}`} className="text-lg font-bold">
        Actions
      </h3>
      <div className="flex flex-wrap gap-2">
        {canReject && (
          <Button needsConnection variant="outline" onClick={doReject} disabled={reject.isPending}>
            {reject.isPending ? "Rejecting..." : "Reject request"}
          </Button>
        )}
        {canUndo && (
          <Button needsConnection variant="outline" onClick={doUndo} disabled={undo.isPending}>
            {undo.isPending ? "Restoring..." : "Undo Decline"}
          </Button>
        )}
        {canDelete && <DeleteConversation requestId={r.id} onDeleted={onDeleted} />}
      </div>
    </section>
  );
}

/** 'Delete conversation' and the question that confirms it. */
function DeleteConversation({ requestId, onDeleted }: { requestId: number; onDeleted?: () => void }) {
  const [, navigate] = useLocation();
  const remove = useDeleteSwapRequest();
  // Awaited rather than mutate's callbacks, which React Query drops once this screen unmounts.
  const doDelete = async () => {
    try {
      await remove.mutateAsync(requestId);
    } catch (e) {
      failureToast("Failed to delete conversation", e);
      return;
    }
    successToast("Conversation deleted", "The conversation has been deleted.");
    if (onDeleted) onDeleted();
    else navigate("/messages");
  };

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button needsConnection variant="destructive" disabled={remove.isPending}>
          Delete conversation
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this conversation?</AlertDialogTitle>
          <AlertDialogDescription>
            The swap request and all of its messages are deleted for both of you. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction
            needsConnection
            className="bg-destructive text-destructive-foreground hover:bg-destructive-hover"
            onClick={doDelete}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
