import { CONFIRM_SWAP_CHANGE } from "@common/shift-rules";
import type { Shift } from "@common/shifts";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, isApiError } from "@/lib/api";
import { useUser } from "@/lib/user";
import { useCreateShift } from "../api/create-shift";
import { useDeleteShift } from "../api/delete-shift";
import { useUpdateShift } from "../api/update-shift";
import { type ShiftFormState, toSubmission } from "../shift-form-rules";
import { SwapChangeQuestion } from "../swap-change-question";

const FALLBACK = "Something went wrong. Please try again.";
const DELETE_FALLBACK = "Failed to delete shift. Please try again.";

const asksFirst = (error: unknown) => isApiError(error) && error.status === 409 && error.field === CONFIRM_SWAP_CHANGE;

/** The server turned the change down with its reason; anything else (offline, 5xx) is unexpected. */
const refused = (error: unknown) => isApiError(error) && error.status < 500 && Boolean(error.body?.message);

/** Save and delete with the SPEC §8 toasts; a failure rethrows the message for the open dialog. */
export function useShiftActions() {
  const { user } = useUser();
  const create = useCreateShift();
  const update = useUpdateShift();
  const remove = useDeleteShift();

  const onSave = async (form: ShiftFormState, editing: Shift | null, confirmSwapChange = false) => {
    const body = toSubmission(form, user?.id ?? 0);
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, changes: body, confirmSwapChange });
        toast({ title: "Shift updated" });
      } else {
        await create.mutateAsync({ input: body, confirmSwapChange });
        toast({ title: "Shift added" });
      }
    } catch (error) {
      if (asksFirst(error)) throw new SwapChangeQuestion(errorMessage(error, FALLBACK));
      const message = errorMessage(error, FALLBACK);
      if (refused(error)) {
        toast({
          variant: "destructive",
          title: editing ? "Failed to update shift" : "Failed to add shift",
          description: message,
        });
      } else {
        toast({
          variant: "destructive",
          title: "Error Adding Shift",
          description: `Failed to add or update shift: ${message}`,
        });
      }
      throw new Error(message);
    }
  };

  const onDelete = async (shift: Shift, confirmSwapChange = false) => {
    try {
      await remove.mutateAsync({ id: shift.id, confirmSwapChange });
      toast({ title: "Shift deleted" });
    } catch (error) {
      if (asksFirst(error)) throw new SwapChangeQuestion(errorMessage(error, DELETE_FALLBACK));
      const message = errorMessage(error, DELETE_FALLBACK);
      if (refused(error)) toast({ variant: "destructive", title: "Failed to delete shift", description: message });
      else toast({ variant: "destructive", title: "Error", description: DELETE_FALLBACK });
      throw new Error(message);
    }
  };

  return { onSave, onDelete };
}
