import { DELETE_PASSWORD_REQUIRED } from "@common/profile";
import { useState } from "react";
import { useLocation } from "wouter";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, isApiError } from "@/lib/api";
import { useDeleteAccount } from "../api/delete-account";

/** The account deletion question: open or not, the password it asks for, and the deletion itself. */
export function useAccountDeletion() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [, navigate] = useLocation();
  const mutation = useDeleteAccount();

  const openChange = (next: boolean) => {
    if (mutation.isPending) return;
    setOpen(next);
    setPassword("");
    setPasswordError(undefined);
  };

  const confirm = () => {
    if (!password) {
      setPasswordError(DELETE_PASSWORD_REQUIRED);
      return;
    }
    mutation.mutate(password, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: "Account deleted", description: "Your account and all data have been permanently deleted" });
        navigate("/", { replace: true });
      },
      onError: (error) => {
        if (isApiError(error) && error.field === "password") setPasswordError(error.serverMessage);
        toast({
          variant: "destructive",
          title: "Error deleting account",
          description: errorMessage(error, "Something went wrong, please try again"),
        });
      },
    });
  };

  return { open, openChange, password, setPassword, passwordError, confirm, pending: mutation.isPending };
}
