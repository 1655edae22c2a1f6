import { splitByShift } from "@common/swap-order";
import { Link } from "wouter";
import { SwapStatusBadge } from "@/components/swap-status-badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDay, SHORT_DATE } from "@/lib/format";
import { useToday } from "@/lib/use-today";
import { useUser } from "@/lib/user";
import { useSwapRequests } from "../api/get-swap-requests";
import { requestOrderKey, shownShift, waitingFor } from "../format";

/** SPEC §9: the dashboard shows 3 requests. */
const SHOWN = 3;

const ITEM = "flex items-center justify-between gap-3 rounded-md border border-border p-3";

/** The shape of one listed request (two lines in a bordered box), empty or as a loading placeholder. */
function RequestOutline({ loading = false }: { loading?: boolean }) {
  return (
    <div className={ITEM}>
      <span className="flex flex-col">
        <span className="flex h-6 items-center">{loading && <Skeleton className="h-4 w-28" />}</span>
        <span className="flex h-5 items-center">{loading && <Skeleton className="h-3.5 w-36" />}</span>
      </span>
    </div>
  );
}

/** Dashboard 'Swap Requests': up to 3 active requests and a link to manage them all. */
export function DashboardSwapRequestsCard() {
  const { user } = useUser();
  const query = useSwapRequests();
  const today = useToday();
  // The one order and the one 'active' of every screen, so a completed swap awaiting GRS stays here.
  const active = splitByShift(query.data ?? [], requestOrderKey, today).active;
  const more = active.length - SHOWN;

  return (
    <Card data-testid="dashboard-swap-requests">
      <CardHeader>
        <CardTitle>Swap Requests</CardTitle>
      </CardHeader>
      <CardContent>
        {/* The list's place is kept for SHOWN requests and the '+n more' line from the first paint:
            an invisible outline shares one grid cell with the content, so the card is as tall
            while loading as when the requests arrive, and the cards after it never move. */}
        <div className="grid">
          <ul aria-hidden="true" className="invisible col-start-1 row-start-1 flex flex-col gap-2">
            {Array.from({ length: SHOWN }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
              <li key={i}>
                <RequestOutline />
              </li>
            ))}
            <li className="h-5" />
          </ul>
          <div className="col-start-1 row-start-1 flex flex-col">
            {query.isPending || !user ? (
              <>
                <p role="status" className="sr-only">
                  Loading swap requests
                </p>
                <ul aria-hidden="true" className="flex flex-col gap-2">
                  {Array.from({ length: SHOWN }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
                    <li key={i}>
                      <RequestOutline loading />
                    </li>
                  ))}
                </ul>
              </>
            ) : active.length === 0 ? (
              <p className="flex flex-1 items-center justify-center rounded-md border border-dashed border-border p-4 text-center text-muted-foreground">
                No pending swap requests.
              </p>
            ) : (
              <ul className="flex flex-col gap-2">
                {active.slice(0, SHOWN).map((r) => (
                  <li key={r.id}>
                    <Link href={`/messages/${r.id}`} className={`${ITEM} hover:bg-muted`}>
                      <span className="flex flex-col">
                        <span className="h-6 font-semibold">{formatDay(shownShift(r, user.id).date, SHORT_DATE)}</span>
                        <span className="h-5 text-sm text-muted-foreground">{waitingFor(r, user.id, today)}</span>
                      </span>
                      <SwapStatusBadge status={r.status} />
                    </Link>
                  </li>
                ))}
                {more > 0 && <li className="h-5 text-sm font-semibold text-muted-foreground">+{more} more</li>}
              </ul>
            )}
          </div>
        </div>
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline">
          <Link href="/swap-requests">Manage Swap Requests</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
