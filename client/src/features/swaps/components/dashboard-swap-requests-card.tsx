import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useUser } from "@/features/auth/api/get-user";
import { useSwapRequests } from "../api/get-swap-requests";
import { formatDay, SHORT_DATE } from "../format";
import { SwapStatusBadge } from "./swap-status-badge";

/** SPEC §9: the dashboard shows 3 pending requests. */
const SHOWN = 3;

/** Dashboard 'Swap Requests': up to 3 pending requests and a link to manage them all. */
export function DashboardSwapRequestsCard() {
  const { user } = useUser();
  const query = useSwapRequests();
  // Soonest shift first: those are the requests that need an answer before anything else.
  const pending = (query.data ?? [])
    .filter((r) => r.status === "pending")
    .sort((a, b) => a.requesterShift.date.localeCompare(b.requesterShift.date));
  const more = pending.length - SHOWN;

  return (
    <Card data-testid="dashboard-swap-requests">
      <CardHeader>
        <CardTitle>Swap Requests</CardTitle>
      </CardHeader>
      <CardContent>
        {query.isPending || !user ? (
          <Spinner label="Loading swap requests" />
        ) : pending.length === 0 ? (
          <p className="text-muted-foreground">No pending swap requests.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {pending.slice(0, SHOWN).map((r) => (
              <li key={r.id}>
                <Link
                  href={`/messages/${r.id}`}
                  className="flex items-center justify-between gap-3 rounded-md border border-border p-3 hover:bg-muted"
                >
                  <span className="flex flex-col">
                    <span className="font-semibold">{formatDay(r.requesterShift.date, SHORT_DATE)}</span>
                    <span className="text-sm text-muted-foreground">
                      {r.responderId !== null ? "Awaiting response" : "Looking for match"}
                    </span>
                  </span>
                  <SwapStatusBadge status={r.status} />
                </Link>
              </li>
            ))}
            {more > 0 && <li className="text-sm font-semibold text-muted-foreground">+{more} more</li>}
          </ul>
        )}
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline">
          <Link href="/swap-requests">Manage Swap Requests</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
