import { toast } from "@/components/ui/use-toast";
import { useUser } from "@/features/auth/api/get-user";
import { errorMessage } from "@/lib/api";
import type { Shift } from "../../../../../common/shifts";
import { useCreateShift } from "../api/create-shift";
import { useDeleteShift } from "../api/delete-shift";
import { useUpdateShift } from "../api/update-shift";
import { type ShiftFormState, toSubmission } from "../shift-form-rules";

const FALLBACK = "Something went wrong. Please try again.";

/** Save and delete with the SPEC §8 toasts; a failure rethrows the message for the open dialog. */
export function useShiftActions() {
  const { user } = useUser();
  const create = useCreateShift();
  const update = useUpdateShift();
  const remove = useDeleteShift();

  const onSave = async (form: ShiftFormState, editing: Shift | null) => {
    const body = toSubmission(form, user?.id ?? 0);
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, changes: body });
        toast({ title: "Shift updated" });
      } else {
        await create.mutateAsync(body);
        toast({ title: "Shift added" });
      }
    } catch (error) {
      const message = errorMessage(error, FALLBACK);
      toast({
        variant: "destructive",
        title: editing ? "Failed to update shift" : "Failed to add shift",
        description: message,
      });
      throw new Error(message);
    }
  };

  const onDelete = async (shift: Shift) => {
    try {
      await remove.mutateAsync(shift.id);
      toast({ title: "Shift deleted" });
    } catch (error) {
      const message = errorMessage(error, "Failed to delete shift. Please try again.");
      toast({ variant: "destructive", title: "Failed to delete shift", description: message });
      throw new Error(message);
    }
  };

  return { onSave, onDelete };
}
