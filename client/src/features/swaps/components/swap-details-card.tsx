import { allowedActions, roleOf } from "@common/swap-rules";
import type { SwapRequest } from "@common/swaps";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage, isApiError } from "@/lib/api";
import { useUser } from "@/lib/user";
import { useSwapRequest } from "../api/get-swap-request";
import { useCalendarRefreshOnCompletion } from "../hooks/use-calendar-refresh-on-completion";
import { AskEveryone, offersAskEveryone } from "./ask-everyone";
import { DealAgreement } from "./deal-agreement";
import { GrsReminder } from "./grs-reminder";
import { SwapActions } from "./swap-actions";
import { SwapFacts } from "./swap-facts";
import { ThreeWayDeal, ThreeWayGrsReminder } from "./three-way-deal";
import { ThreeWaySwaps } from "./three-way-swaps";

/**
 * The 'Swap Details' card beside a conversation: the request, both agreements and the actions the
 * signed-in party may take (the same rules the server enforces, from common/swaps).
 */
export function SwapDetailsCard({ swapRequestId, onDeleted }: { swapRequestId: number; onDeleted?: () => void }) {
  const { user } = useUser();
  const query = useSwapRequest(swapRequestId);
  useCalendarRefreshOnCompletion(query.data?.status);

  if (query.isPending || !user) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Swap Details</CardTitle>
        </CardHeader>
        <CardContent>
          <Spinner label="Loading swap details" />
        </CardContent>
      </Card>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <Card>
        <CardHeader>
          <CardTitle>Swap Details</CardTitle>
        </CardHeader>
        <CardContent>
          <p role="alert">
            {missing
              ? "This swap request no longer exists."
              : errorMessage(query.error, "Something went wrong. Please try again.")}
          </p>
        </CardContent>
      </Card>
    );
  }
  return <Details request={query.data} myId={user.id} onDeleted={onDeleted} />;
}

function Details({ request: r, myId, onDeleted }: { request: SwapRequest; myId: number; onDeleted?: () => void }) {
  if (r.parties) {
    return (
      <Card data-testid="swap-details">
        <CardHeader>
          <CardTitle>Swap Details</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <ThreeWayDeal request={r} parties={r.parties} myId={myId} />
          {r.status === "completed" && <ThreeWayGrsReminder request={r} parties={r.parties} myId={myId} />}
        </CardContent>
      </Card>
    );
  }
  const role = roleOf(r, myId);
  const state = {
    status: r.status,
    requesterAgreed: r.requesterAgreed,
    responderAgreed: r.responderAgreed,
    hasResponder: r.responderId !== null,
  };
  const allowed = role === "other" ? [] : allowedActions(role, state);
  return (
    <Card data-testid="swap-details">
      <CardHeader>
        <CardTitle>Swap Details</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <SwapFacts request={r} role={role} />

        <DealAgreement request={r} role={role} canAgree={allowed.includes("agree")} />

        {role === "requester" && offersAskEveryone(r) && <AskEveryone request={r} />}

        {r.status === "completed" && <GrsReminder request={r} />}

        {role !== "other" && <SwapActions request={r} allowed={allowed} onDeleted={onDeleted} />}

        {/* The need's own page (issue 37): while my request is open, the three-way swaps that would free it. */}
        {role === "requester" && (r.status === "pending" || r.status === "accepted") && (
          <ThreeWaySwaps shiftId={r.requesterShiftId} />
        )}
      </CardContent>
    </Card>
  );
}
