import { Trash2 } from "lucide-react";
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
import { useAccountDeletion } from "../hooks/use-account-deletion";

/** 'Account Deletion': a confirmed DELETE /api/profile, then back to the sign-in page. */
export function AccountDeletionCard() {
  const d = useAccountDeletion();

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Account Deletion</CardTitle>
        <CardDescription>
          Permanently delete your account, with your shifts and schedule, availability, swap requests and messages.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog open={d.open} onOpenChange={d.openChange}>
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
                d.confirm();
              }}
            >
              <FormField id="delete-account-password" label="Your password" error={d.passwordError}>
                {(control) => (
                  <PasswordInput
                    {...control}
                    autoComplete="current-password"
                    value={d.password}
                    onChange={(e) => d.setPassword(e.target.value)}
                    disabled={d.pending}
                  />
                )}
              </FormField>
            </form>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={d.pending}>Cancel</AlertDialogCancel>
              <Button needsConnection variant="destructive" onClick={d.confirm} disabled={d.pending}>
                {d.pending ? "Deleting..." : "Delete my account"}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
