import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { useOpenRequests } from "../api/get-open-requests";
import { useOfferToCover } from "../api/offer-to-cover";
import { formatDay, fullName, LONG_DATE, shiftTimes, shiftTypeLabel } from "../format";
import { failureToast, successToast } from "../toasts";

/** Colleagues of my grade looking for anyone to work a shift (DESIGN §5.11). */
export function OpenRequestsCard() {
  const query = useOpenRequests();
  const cover = useOfferToCover();
  const [, navigate] = useLocation();

  const offer = (id: number) =>
    cover.mutate(id, {
      onSuccess: (r) => {
        successToast("Swap request updated", `You offered to cover ${r.requesterUser.firstName}'s shift.`);
        navigate(`/messages?request=${r.id}`);
      },
      onError: (e) => failureToast("Failed to update swap request", e),
    });

  return (
    <Card data-testid="open-requests-card">
      <CardHeader>
        <CardTitle>Looking for a match</CardTitle>
        <CardDescription>
          Colleagues of your grade asking anyone to work a shift. You need an Available Off Day that date to cover it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label="Loading open requests" />
        ) : query.isError ? (
          <p role="alert">{errorMessage(query.error, "Something went wrong. Please try again.")}</p>
        ) : query.data.length === 0 ? (
          <p className="rounded-md bg-muted p-4 text-muted-foreground">No open requests from your grade right now.</p>
        ) : (
          <ul className="flex max-h-[500px] flex-col gap-2 overflow-y-auto">
            {query.data.map((r) => (
              <li
                key={r.id}
                className="flex flex-col gap-2 rounded-md border border-border p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-semibold">{formatDay(r.requesterShift.date, LONG_DATE)}</span>
                  <span className="text-sm text-muted-foreground">
                    {shiftTypeLabel(r.requesterShift.shiftType)} · {shiftTimes(r.requesterShift)}
                  </span>
                  <span className="text-sm">
                    {fullName(r.requesterUser)}
                    {r.requesterUser.hub ? ` · ${r.requesterUser.hub}` : ""}
                  </span>
                </div>
                <Button
                  size="sm"
                  onClick={() => offer(r.id)}
                  disabled={cover.isPending}
                  aria-label={`Offer to cover ${fullName(r.requesterUser)}'s shift on ${formatDay(r.requesterShift.date, LONG_DATE)}`}
                >
                  Offer to cover
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
