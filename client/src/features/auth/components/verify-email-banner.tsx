import type { PublicUser } from "@common/auth";
import { useQueryClient } from "@tanstack/react-query";
import { MailWarning } from "lucide-react";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api";
import { userQueryKey } from "@/lib/user";
import { useResendVerification } from "../api/resend-verification";

const PARAM = "email-verified";

/**
 * Until the mailed link is opened, says why colleagues cannot see the user and offers 'Resend'.
 * Also answers the link's return (?email-verified=1 or 0) with a toast.
 */
export function VerifyEmailBanner({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const resend = useResendVerification();

  useEffect(() => {
    const url = new URL(window.location.href);
    const result = url.searchParams.get(PARAM);
    if (result === null) return;
    url.searchParams.delete(PARAM);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    if (result === "1") {
      toast({ title: "Email confirmed", description: "Colleagues can now see you and you can send swap requests." });
    } else if (result === "taken") {
      toast({
        variant: "destructive",
        title: "Email not changed",
        description: "Another account uses that address now. Your email stays as it was.",
      });
    } else {
      toast({
        variant: "destructive",
        title: "This link has expired",
        description: "It was used already or a newer one was sent. Press Resend for a new link.",
      });
    }
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
  }, [queryClient]);

  if (user.emailVerified && !user.pendingEmail) return null;
  const sentTo = user.pendingEmail ?? user.email;

  const send = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast({ title: "Link sent", description: `We have sent a new link to ${sentTo}.` }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Could not send the link",
          description: errorMessage(error, "Something went wrong. Please try again."),
        }),
    });

  return (
    <section
      aria-label="Confirm your email"
      data-testid="verify-email-banner"
      className="flex flex-col gap-3 rounded-md border border-[#f3c08d] bg-[#fff8ef] p-3 text-sm text-[#6e2c00] sm:flex-row sm:items-center"
    >
      <MailWarning aria-hidden="true" className="hidden size-5 shrink-0 sm:block" />
      {user.emailVerified ? (
        <p className="min-w-0 flex-1 leading-snug [overflow-wrap:anywhere]">
          <span className="font-semibold">Please confirm your new email address.</span> We sent a link to{" "}
          <span className="font-semibold">{sentTo}</span>. Until you open it, your account keeps{" "}
          <span className="font-semibold">{user.email}</span>.
        </p>
      ) : (
        <p className="min-w-0 flex-1 leading-snug [overflow-wrap:anywhere]">
          <span className="font-semibold">Please confirm your email address.</span> We sent a link to{" "}
          <span className="font-semibold">{sentTo}</span>. Until you open it, colleagues cannot see you and you cannot
          send swap requests, offers or messages. Your own calendar works as usual.
        </p>
      )}
      <Button
        needsConnection
        variant="outline"
        size="sm"
        className="w-fit shrink-0"
        onClick={send}
        disabled={resend.isPending}
      >
        {resend.isPending ? "Sending..." : "Resend"}
      </Button>
    </section>
  );
}
