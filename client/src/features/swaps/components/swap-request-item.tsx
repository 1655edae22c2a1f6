import { awaitsGrs } from "@common/swap-order";
import { allowedActions, roleOf } from "@common/swap-rules";
import type { SwapRequest } from "@common/swaps";
import { MessageSquare, Pencil } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { SubmitOnGrsBadge, SwapStatusBadge } from "@/components/swap-status-badge";
import { Button } from "@/components/ui/button";
import { formatDay, SHORT_DATE, shiftTimes, shiftTypeLabel } from "@/lib/format";
import { useToday } from "@/lib/use-today";
import { counterpartLabel, requestOrderKey, shownShift } from "../format";
import { EditSwapRequestDialog } from "./edit-swap-request-dialog";

/** One request in a list: date, shift type, times, status, who, the requester's edit control and the chat link. */
export function SwapRequestItem({ request: r, myId }: { request: SwapRequest; myId: number }) {
  const [editing, setEditing] = useState(false);
  const today = useToday();
  const role = roleOf(r, myId);
  const state = {
    status: r.status,
    requesterAgreed: r.requesterAgreed,
    responderAgreed: r.responderAgreed,
    hasResponder: r.responderId !== null,
  };
  // Only the requester edits or cancels, and only until both have agreed.
  const canEdit =
    !r.parties &&
    role === "requester" &&
    !(r.requesterAgreed && r.responderAgreed) &&
    allowedActions("requester", state).length > 0;
  const name = <bdi>{counterpartLabel(r, myId)}</bdi>;
  const shift = shownShift(r, myId);
  const day = formatDay(shift.date, SHORT_DATE);
  const who = r.parties ? <>Three-way with {name}</> : role === "requester" ? <>You → {name}</> : <>{name} → you</>;

  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{day}</span>
          <SwapStatusBadge status={r.status} />
          {awaitsGrs(requestOrderKey(r), today) && <SubmitOnGrsBadge />}
        </div>
        <span className="text-sm text-muted-foreground">
          {shiftTypeLabel(shift.shiftType)} · {shiftTimes(shift)}
        </span>
        <span className="text-sm">{who}</span>
      </div>
      <div className="flex shrink-0 gap-2">
        {canEdit && (
          <Button
            needsConnection
            variant="outline"
            size="sm"
            onClick={() => setEditing(true)}
            aria-label={`Edit or cancel request for ${day}`}
          >
            <Pencil aria-hidden="true" /> Edit
          </Button>
        )}
        <Button asChild variant="secondary" size="sm">
          {/* The spoken name starts with the visible word, so voice control's "click Chat" finds it. */}
          <Link href={`/messages/${r.id}`} aria-label={`Chat about the request for ${day}`}>
            <MessageSquare aria-hidden="true" /> Chat
          </Link>
        </Button>
      </div>
      {canEdit && <EditSwapRequestDialog request={r} open={editing} onOpenChange={setEditing} />}
    </li>
  );
}
