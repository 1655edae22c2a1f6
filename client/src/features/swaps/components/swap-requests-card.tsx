import { splitByShift } from "@common/swap-order";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { useToday } from "@/lib/use-today";
import { useSwapRequests } from "../api/get-swap-requests";
import { requestOrderKey } from "../format";
import { SwapRequestItem } from "./swap-request-item";

/** SPEC §9: the swap screen shows the first 3 requests; 'View all' shows the rest. */
const FIRST = 3;

/** 'Swap Requests' on /swap-requests: counts, the first 3 requests and a view of all. */
export function SwapRequestsCard({ myId, onNew }: { myId: number; onNew: () => void }) {
  const query = useSwapRequests();
  const [showAll, setShowAll] = useState(false);
  const list = query.data ?? [];
  const pending = list.filter((r) => r.status === "pending").length;
  const completed = list.filter((r) => r.status === "completed").length;
  const today = useToday();
  const { active, past } = splitByShift(list, requestOrderKey, today);
  const shown = showAll ? [...active, ...past] : [...active, ...past].slice(0, FIRST);
  const shownActive = shown.slice(0, Math.min(active.length, shown.length));
  const shownPast = shown.slice(shownActive.length);

  return (
    <Card data-testid="swap-requests-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Swap Requests</CardTitle>
          <CardDescription>Requests you sent and requests sent to you.</CardDescription>
        </div>
        <Button needsConnection onClick={onNew}>
          <Plus aria-hidden="true" /> New swap request
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-md bg-[#fff9d6] p-3">
            <dt className="text-sm font-semibold text-muted-foreground">Pending</dt>
            <dd className="text-2xl font-bold" data-testid="pending-count">
              {query.isPending ? "–" : pending}
            </dd>
          </div>
          <div className="rounded-md bg-[#e5f2eb] p-3">
            <dt className="text-sm font-semibold text-muted-foreground">Completed</dt>
            <dd className="text-2xl font-bold" data-testid="completed-count">
              {query.isPending ? "–" : completed}
            </dd>
          </div>
        </dl>
        {query.isPending ? (
          <Spinner label="Loading swap requests" />
        ) : query.isError ? (
          <p role="alert">{errorMessage(query.error, "Something went wrong. Please try again.")}</p>
        ) : list.length === 0 ? (
          <p className="rounded-md bg-muted p-4 text-muted-foreground">
            No swap requests yet. Start one with 'New swap request', or browse a hub for colleagues with Available Off
            Days.
          </p>
        ) : (
          <>
            {shownActive.length > 0 && (
              <ul className="flex flex-col gap-2" aria-label="Active swap requests">
                {shownActive.map((r) => (
                  <SwapRequestItem key={r.id} request={r} myId={myId} />
                ))}
              </ul>
            )}
            {shownPast.length > 0 && (
              <>
                <h3 className="text-base font-bold text-muted-foreground">Past</h3>
                <ul className="flex flex-col gap-2" aria-label="Past swap requests">
                  {shownPast.map((r) => (
                    <SwapRequestItem key={r.id} request={r} myId={myId} />
                  ))}
                </ul>
              </>
            )}
            {list.length > FIRST && (
              <Button variant="link" size="inline" className="self-start" onClick={() => setShowAll(!showAll)}>
                {showAll ? "Show fewer" : `View all (${list.length})`}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
