import { DELETE_PASSWORD_REQUIRED } from "@common/profile";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { FormField } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, isApiError } from "@/lib/api";
import { useDeleteAccount } from "../api/delete-account";

/** 'Account Deletion': a confirmed DELETE /api/profile, then back to the sign-in page. */
export function AccountDeletionCard() {
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

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Account Deletion</CardTitle>
        <CardDescription>
          Permanently delete your account, with your shifts and schedule, availability, swap requests and messages.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog open={open} onOpenChange={openChange}>
          <AlertDialogTrigger asChild>
            <Button needsConnection variant="destructive">
              <Trash2 aria-hidden="true" />
              Delete Account
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete your account?</AlertDialogTitle>
              <AlertDialogDescription>
                This permanently deletes your profile, your shifts and schedule, your availability, your swap requests
                and their messages, and your account history, and signs you out on every device. This cannot be undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                confirm();
              }}
            >
              <FormField id="delete-account-password" label="Your password" error={passwordError}>
                {(control) => (
                  <PasswordInput
                    {...control}
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    disabled={mutation.isPending}
                  />
                )}
              </FormField>
            </form>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={mutation.isPending}>Cancel</AlertDialogCancel>
              <Button needsConnection variant="destructive" onClick={confirm} disabled={mutation.isPending}>
                {mutation.isPending ? "Deleting..." : "Delete my account"}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
