import type { CoverAlert } from "@common/cover-alerts";
import { fullName } from "@common/names";
import { HandHelping } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { formatDay, shiftTimes, shiftTypeLabel } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useCoverAlerts } from "../api/get-cover-alerts";
import { OfferConfirmDialog, useOfferAndOpen } from "./offer-to-cover";

const NONE = "No colleagues need cover on the days you marked free.";

const day = (a: CoverAlert) => formatDay(a.date, "EEE d MMM");

/** What an alert opened from a push says once it no longer needs anyone: plainly, never an error. */
function goneText(a: CoverAlert): string {
  return a.state === "taken"
    ? `${fullName(a.requester)}'s ${day(a)} shift has been covered`
    : `${fullName(a.requester)} no longer needs cover on ${day(a)}`;
}

const asRequest = (a: CoverAlert) => ({ requesterShift: a, requesterUser: a.requester });

function CoverAlertItem(props: { alert: CoverAlert; highlighted: boolean; busy: boolean; onOffer: () => void }) {
  const a = props.alert;
  return (
    <li
      className={cn(
        "flex flex-col gap-2 rounded-md border border-border p-3 sm:flex-row sm:items-center sm:justify-between",
        props.highlighted && "border-primary bg-primary/5",
      )}
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="font-semibold">
          {shiftTypeLabel(a.shiftType)} {day(a)}
        </span>
        <span className="text-sm text-muted-foreground">{shiftTimes(a)}</span>
        <span className="text-sm">
          <bdi>{fullName(a.requester)}</bdi>
          {a.hub ? ` · ${a.hub}` : ""}
        </span>
      </div>
      <Button
        needsConnection
        size="sm"
        onClick={props.onOffer}
        disabled={props.busy}
        aria-label={`Offer to cover ${fullName(a.requester)}'s shift on ${day(a)}`}
      >
        Offer to cover
      </Button>
    </li>
  );
}

/**
 * Cover alerts in the dashboard's 'Notifications & Alerts' box (DESIGN §5.22): open ones first,
 * each with 'Offer to cover' and the same confirmation as the open requests list. `focus` is the
 * alert a push opened (`?cover=`), `focusDate` the day a push about several opened (`?coverDate=`).
 */
export function CoverAlerts({ focus, focusDate }: { focus?: number; focusDate?: string }) {
  const query = useCoverAlerts();
  const { offer, busy } = useOfferAndOpen();
  const [asking, setAsking] = useState<CoverAlert | null>(null);

  const alerts = query.data ?? [];
  const focused = focus === undefined ? undefined : alerts.find((a) => a.swapRequestId === focus);
  // The day a push named first, then the soonest.
  const ordered = alerts
    .filter((a) => a.state === "open")
    .sort((x, y) => Number(y.date === focusDate) - Number(x.date === focusDate) || x.date.localeCompare(y.date));

  return (
    <section aria-labelledby="cover-alerts-heading" className="mb-4 flex flex-col gap-2" data-testid="cover-alerts">
      <h3 id="cover-alerts-heading" className="flex items-center gap-2 font-semibold">
        <HandHelping aria-hidden="true" className="size-5 text-primary" />
        Colleagues who need cover
      </h3>
      {focus !== undefined && query.isSuccess && focused?.state !== "open" && (
        <p role="status" className="rounded-md bg-muted p-3">
          {focused ? goneText(focused) : "This request no longer needs cover."}
        </p>
      )}
      {query.isPending ? (
        // The empty answer's height, kept while it loads: the dashboard's cards do not move when it arrives.
        <p className="invisible" aria-hidden="true">
          {NONE}
        </p>
      ) : query.isError ? (
        <p className="text-muted-foreground">Colleagues who need cover could not be loaded. Please try again later.</p>
      ) : ordered.length === 0 ? (
        <p className="text-muted-foreground">{NONE}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {ordered.map((a) => (
            <CoverAlertItem
              key={a.swapRequestId}
              alert={a}
              highlighted={a.swapRequestId === focus || a.date === focusDate}
              busy={busy}
              onOffer={() => setAsking(a)}
            />
          ))}
        </ul>
      )}
      <OfferConfirmDialog
        asking={asking && asRequest(asking)}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && offer(asking.swapRequestId)}
      />
    </section>
  );
}
