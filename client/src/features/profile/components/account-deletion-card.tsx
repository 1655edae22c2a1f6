import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
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
import { errorMessage } from "@/lib/api";
import { useDeleteAccount } from "../api/delete-account";

/** 'Account Deletion': a confirmed DELETE /api/profile, then back to the sign-in page. */
export function AccountDeletionCard() {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const mutation = useDeleteAccount();

  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: "Account deleted", description: "Your account and all data have been permanently deleted" });
        navigate("/", { replace: true });
      },
      onError: (error) => {
        toast({
          variant: "destructive",
          title: "Error deleting account",
          description: errorMessage(error, "Something went wrong, please try again"),
        });
      },
    });

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Account Deletion</CardTitle>
        <CardDescription>
          Permanently delete your account, with your shifts and schedule, availability, swap requests and messages.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog open={open} onOpenChange={(next) => !mutation.isPending && setOpen(next)}>
          <AlertDialogTrigger asChild>
            <Button variant="destructive">
              <Trash2 aria-hidden="true" />
              Delete Account
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete your account?</AlertDialogTitle>
              <AlertDialogDescription>
                This permanently deletes your profile, your shifts and schedule, your availability, your swap requests
                and their messages, and signs you out on every device. This cannot be undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={mutation.isPending}>Cancel</AlertDialogCancel>
              <Button variant="destructive" onClick={confirm} disabled={mutation.isPending}>
                {mutation.isPending ? "Deleting..." : "Delete my account"}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
