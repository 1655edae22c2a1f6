import { formatDistanceToNow } from "date-fns";
import { LogOut, Monitor } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api";
import { useSessions, useSignOutOthers } from "../api/sessions";

/** 'Where you're signed in': each device's browser and last use, this one marked, and 'Sign out other devices'. */
export function SessionsCard() {
  const { data: sessions, isPending, isError } = useSessions();
  const signOut = useSignOutOthers();
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  const signOutOthers = () =>
    signOut.mutate(undefined, {
      onSuccess: () => toast({ title: "Signed out", description: "Your other devices have been signed out." }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Could not sign out other devices",
          description: errorMessage(error, "Something went wrong, please try again"),
        }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you're signed in</CardTitle>
        <CardDescription>Devices where your account is signed in now.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isPending ? (
          <Spinner label="Loading devices" />
        ) : isError ? (
          <p className="text-sm text-muted-foreground">Your devices could not be loaded.</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Signed-in devices">
            {sessions.map((s) => (
              <li key={`${s.createdAt}-${s.device}`} className="flex items-start gap-3">
                <Monitor aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                <div className="flex min-w-0 flex-col">
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    {s.device}
                    {s.current ? <Badge variant="secondary">This device</Badge> : null}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {s.current
                      ? "Active now"
                      : `Last seen ${formatDistanceToNow(new Date(s.lastSeenAt), { addSuffix: true })}`}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Button
          needsConnection
          variant="outline"
          className="w-fit"
          onClick={signOutOthers}
          disabled={signOut.isPending || others === 0}
        >
          <LogOut aria-hidden="true" />
          Sign out other devices
        </Button>
      </CardContent>
    </Card>
  );
}
