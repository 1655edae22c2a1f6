import { answerRoleOf } from "@common/swap-rules";
import { AlertTriangle, CheckCircle2, ChevronDown } from "lucide-react";
import { SwapStatusBadge } from "@/components/swap-status-badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useSwapRequest } from "../api/get-swap-request";

/**
 * A compact line with where the deal stands and a way straight to the Deal Agreement, for screens
 * where Swap Details sit below the whole chat (phones, and the list's side panel).
 */
export function DealBar({
  swapRequestId,
  myId,
  className,
}: {
  swapRequestId: number;
  myId: number;
  className?: string;
}) {
  const query = useSwapRequest(swapRequestId);
  const r = query.data;
  if (!r) return null;
  // A three-way party's warnings are their own, under the role the answer gives them.
  const role = answerRoleOf(r, myId);
  const me = r.parties?.find((p) => p.user.id === myId);
  if (role === "other" && !me) return null;
  const mine = me ? me.agreed : role === "requester" ? r.requesterAgreed : r.responderAgreed;
  // The others and where each stands: one for a pairwise request, two for a three-way one.
  const others = r.parties
    ? r.parties.filter((p) => p !== me).map((p) => ({ name: p.user.firstName, agreed: p.agreed }))
    : [
        role === "requester"
          ? { name: r.responderUser?.firstName, agreed: r.responderAgreed }
          : { name: r.requesterUser.firstName, agreed: r.requesterAgreed },
      ].filter((o): o is { name: string; agreed: boolean } => o.name !== undefined);
  const other = others[0]?.name;
  // The warnings themselves sit beside the Deal Agreement; the bar only says there are some to read.
  const restHint = r.warnings.some((w) => w.party === role) ? (
    "Breaks your rest: read before agreeing"
  ) : r.warnings.length > 0 ? (
    <span>
      Breaks <bdi>{other ?? "your colleague"}</bdi>'s rest
    </span>
  ) : null;

  const jump = () => {
    const section = document.getElementById(`deal-${r.id}`);
    section?.scrollIntoView({ block: "start" });
    section?.focus({ preventScroll: true });
  };

  return (
    <div
      data-testid="deal-bar"
      className={cn("flex items-center gap-3 rounded-lg border border-border bg-card p-2.5 pl-3 shadow-sm", className)}
    >
      <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
        <SwapStatusBadge status={r.status} />
        <p className="text-sm">
          <span className={cn("font-semibold", mine && "text-success")}>
            {mine && <CheckCircle2 aria-hidden="true" className="mr-0.5 inline size-4 align-[-3px]" />}
            You: {mine ? "Agreed" : "Not yet"}
          </span>
          {others.map((o) => (
            <span key={o.name} className="text-muted-foreground">
              {" · "}
              <bdi>{o.name}</bdi>: {o.agreed ? "Agreed" : "Pending"}
            </span>
          ))}
        </p>
        {restHint && (
          <p className="flex items-center gap-1.5 text-sm font-semibold" data-testid="deal-bar-rest">
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0 fill-[#ffb81c]" />
            {restHint}
          </p>
        )}
      </div>
      <Button size="sm" variant={mine || r.status === "completed" ? "outline" : "default"} onClick={jump}>
        Deal Agreement
        <ChevronDown aria-hidden="true" />
      </Button>
    </div>
  );
}
