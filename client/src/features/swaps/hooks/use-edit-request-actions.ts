import type { SwapRequest } from "@common/swaps";
import { useDeleteSwapRequest } from "../api/delete-swap-request";
import { useUpdateSwapRequest } from "../api/update-swap-request";
import { failureToast, successToast } from "../toasts";

/** What the requester's edit dialog can do to a request: save new offers, cancel it, or delete it. */
export function useEditRequestActions(r: SwapRequest, onClose: () => void) {
  const update = useUpdateSwapRequest();
  const remove = useDeleteSwapRequest();

  const save = (offerIds: number[]) =>
    update.mutate(
      { id: r.id, changes: { offerShiftIds: offerIds } },
      {
        onSuccess: () => {
          successToast("Swap request updated");
          onClose();
        },
        onError: (e) => failureToast("Failed to update swap request", e),
      },
    );
  const cancel = () =>
    update.mutate(
      { id: r.id, changes: { status: "cancelled" } },
      {
        onSuccess: () => {
          successToast("Swap request updated", "The swap request was cancelled.");
          onClose();
        },
        onError: (e) => failureToast("Failed to update swap request", e),
      },
    );
  const destroy = () =>
    remove.mutate(r.id, {
      onSuccess: () => {
        successToast("Request deleted");
        onClose();
      },
      onError: (e) => failureToast("Failed to delete request", e),
    });

  return { save, cancel, destroy, saving: update.isPending, busy: update.isPending || remove.isPending };
}
