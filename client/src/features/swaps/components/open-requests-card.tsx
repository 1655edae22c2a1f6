import { fullName } from "@common/names";
import type { SwapRequest } from "@common/swaps";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { formatDay, LONG_DATE, shiftTimes, shiftTypeLabel } from "@/lib/format";
import { useOpenRequests } from "../api/get-open-requests";
import { OfferConfirmDialog, useOfferAndOpen } from "./offer-to-cover";

// A whole trust's open requests run to hundreds: the nearest first, a page at a time, so a phone
// does not draw hundreds of rows to show the five that fit.
export const OPEN_REQUESTS_PAGE = 20;

/** Colleagues of my grade looking for anyone to work a shift (DESIGN §5.11). */
export function OpenRequestsCard() {
  const query = useOpenRequests();
  const { offer, busy } = useOfferAndOpen();
  // Offering makes me the responder at once, so it is asked once before it happens.
  const [asking, setAsking] = useState<SwapRequest | null>(null);
  const [shown, setShown] = useState(OPEN_REQUESTS_PAGE);
  const list = useRef<HTMLUListElement>(null);
  const showMore = () => {
    const first = shown;
    flushSync(() => setShown(first + OPEN_REQUESTS_PAGE));
    // The keyboard goes on from the first request just shown, not from a button that may be gone.
    list.current?.children[first]?.querySelector("button")?.focus();
  };

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
          <>
            <ul ref={list} className="flex max-h-[500px] flex-col gap-2 overflow-y-auto">
              {query.data.slice(0, shown).map((r) => (
                <OpenRequestRow key={r.id} request={r} disabled={busy} onOffer={() => setAsking(r)} />
              ))}
            </ul>
            {query.data.length > shown && (
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm text-muted-foreground">
                  Showing {shown} of {query.data.length}
                </p>
                <Button variant="outline" size="sm" onClick={showMore}>
                  Show {Math.min(OPEN_REQUESTS_PAGE, query.data.length - shown)} more
                </Button>
              </div>
            )}
          </>
        )}
        <OfferConfirmDialog
          asking={asking}
          onCancel={() => setAsking(null)}
          onConfirm={() => asking && offer(asking.id)}
        />
      </CardContent>
    </Card>
  );
}

/** One open request: whose shift, when, and the button that asks before offering to cover it. */
function OpenRequestRow({
  request: r,
  disabled,
  onOffer,
}: {
  request: SwapRequest;
  disabled: boolean;
  onOffer: () => void;
}) {
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="font-semibold">{formatDay(r.requesterShift.date, LONG_DATE)}</span>
        <span className="text-sm text-muted-foreground">
          {shiftTypeLabel(r.requesterShift.shiftType)} · {shiftTimes(r.requesterShift)}
        </span>
        <span className="text-sm">
          <bdi>{fullName(r.requesterUser)}</bdi>
          {r.requesterUser.hub ? ` · ${r.requesterUser.hub}` : ""}
        </span>
      </div>
      <Button
        needsConnection
        size="sm"
        onClick={onOffer}
        disabled={disabled}
        aria-label={`Offer to cover ${fullName(r.requesterUser)}'s shift on ${formatDay(r.requesterShift.date, LONG_DATE)}`}
      >
        Offer to cover
      </Button>
    </li>
  );
}
