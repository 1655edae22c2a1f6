import { fullName } from "@common/names";
import { allowedActions, roleOf, type SwapRole } from "@common/swap-rules";
import type { SwapRequest } from "@common/swaps";
import type { Warning } from "@common/working-time";
import { CheckCircle2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useLocation } from "wouter";
import { RestWarnings } from "@/components/rest-warnings";
import { SwapStatusBadge } from "@/components/swap-status-badge";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage, isApiError } from "@/lib/api";
import { formatDay, formatInstant, LONG_DATE, shiftTimes, shiftTypeLabel } from "@/lib/format";
import { useNeedsConnection } from "@/lib/use-online";
import { useUser } from "@/lib/user";
import { useAgreeToSwap } from "../api/agree";
import { useDeleteSwapRequest } from "../api/delete-swap-request";
import { useSwapRequest } from "../api/get-swap-request";
import { useRejectSwapRequest } from "../api/reject";
import { useWithdrawAgreement } from "../api/unagree";
import { useUndoDecline } from "../api/undo-decline";
import { useUpdateSwapRequest } from "../api/update-swap-request";
import { useCalendarRefreshOnCompletion } from "../hooks/use-calendar-refresh-on-completion";
import { failureToast, successToast } from "../toasts";
import { otherFirstName, restWarningsOf } from "./rest-warnings";
import { ShiftLine } from "./shift-choice";

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="text-base text-foreground">{children}</dd>
    </div>
  );
}

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
  const role = roleOf(r, myId);
  const state = {
    status: r.status,
    requesterAgreed: r.requesterAgreed,
    responderAgreed: r.responderAgreed,
    hasResponder: r.responderId !== null,
  };
  const allowed = role === "other" ? [] : allowedActions(role, state);
  // Names are isolated: a right-to-left name must not reorder the words around it.
  const you = (name: string, mine: boolean) =>
    mine ? (
      <>
        <bdi>{name}</bdi> (you)
      </>
    ) : (
      <bdi>{name}</bdi>
    );

  return (
    <Card data-testid="swap-details">
      <CardHeader>
        <CardTitle>Swap Details</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <dl className="flex flex-col gap-3">
          <Row label="Status">
            <SwapStatusBadge status={r.status} />
          </Row>
          <Row label="Requester">{you(fullName(r.requesterUser), role === "requester")}</Row>
          <Row label="Responder">
            {r.responderUser ? you(fullName(r.responderUser), role === "responder") : "Looking for match"}
          </Row>
          <Row label="Shift details">
            {formatDay(r.requesterShift.date, LONG_DATE)}
            <br />
            {shiftTypeLabel(r.requesterShift.shiftType)} · {shiftTimes(r.requesterShift)}
          </Row>
          {r.offers.length > 0 && (
            <Row
              label={
                <>
                  <bdi>{r.requesterUser.firstName}</bdi> offers to cover
                </>
              }
            >
              <ul className="flex flex-col gap-2">
                {r.offers.map((o) => (
                  <li key={o.shiftId} data-testid="offer">
                    {/* The badge sits on its own offer's date line, so it can never wrap onto another offer. */}
                    <ShiftLine
                      shift={o.shift}
                      badge={
                        o.accepted && (
                          <span className="ml-1 inline-block whitespace-nowrap rounded-full bg-[#e5f2eb] px-2 align-middle text-xs font-semibold text-[#00522a]">
                            Chosen
                          </span>
                        )
                      }
                    />
                  </li>
                ))}
              </ul>
            </Row>
          )}
          <Row label="Created">{formatInstant(r.createdAt)}</Row>
          <Row label="Last updated">{formatInstant(r.updatedAt)}</Row>
        </dl>

        <DealAgreement request={r} role={role} canAgree={allowed.includes("agree")} />

        {r.status === "completed" && <GrsReminder request={r} />}

        {role !== "other" && <Actions request={r} allowed={allowed} onDeleted={onDeleted} />}
      </CardContent>
    </Card>
  );
}

function DealAgreement({ request: r, role, canAgree }: { request: SwapRequest; role: SwapRole; canAgree: boolean }) {
  const agree = useAgreeToSwap();
  const withdraw = useWithdrawAgreement();
  const [offerChoice, setOfferChoice] = useState<number | null>(r.acceptedOfferShiftId);
  // Warnings the server found at agree time (e.g. for another offer than the one shown), until read.
  const [refused, setRefused] = useState<Warning[] | null>(null);
  const completed = r.status === "completed";
  const busy = agree.isPending || withdraw.isPending;
  const choosing = role === "responder" && !r.responderAgreed && r.offers.length > 0 && canAgree;
  const mineWarnings = refused ?? r.warnings.filter((w) => w.party === role);
  const theirWarnings = r.warnings.filter((w) => w.party !== role);
  const acknowledging = mineWarnings.length > 0;

  const doAgree = () =>
    agree.mutate(
      {
        id: r.id,
        acceptedOfferShiftId: role === "responder" ? offerChoice : null,
        acknowledgeWarnings: acknowledging,
      },
      {
        onSuccess: (answer) => {
          setRefused(null);
          // The last Agree completes the swap, and what is left to do is the GRS step.
          if (answer.status === "completed")
            successToast("Swap completed", "Now submit the swap on GRS, then tick Submitted on GRS.");
          else successToast("Deal agreed", "You have agreed to this swap deal.");
        },
        onError: (e) => {
          const warnings = restWarningsOf(e);
          if (warnings) setRefused(warnings);
          failureToast("Failed to agree to deal", e);
        },
      },
    );
  const doWithdraw = () =>
    withdraw.mutate(r.id, {
      onSuccess: () => successToast("Agreement withdrawn", "You have withdrawn your agreement to this swap."),
      onError: (e) => failureToast("Failed to withdraw agreement", e),
    });

  const side = (label: string, name: string, agreed: boolean, mine: boolean) => (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3">
      <div className="flex min-w-0 flex-col">
        <span className="text-sm font-semibold text-muted-foreground">{label}</span>
        <bdi>{name}</bdi>
      </div>
      {mine ? (
        agreed ? (
          <div className="flex items-center gap-2">
            <span className="inline-flex items-center gap-1 font-semibold text-success">
              <CheckCircle2 aria-hidden="true" className="size-4" /> Agreed
            </span>
            {!completed && (
              <Button needsConnection size="sm" variant="outline" onClick={doWithdraw} disabled={busy}>
                Undo
              </Button>
            )}
          </div>
        ) : (
          <Button needsConnection size="sm" onClick={doAgree} disabled={busy || completed || !canAgree}>
            {agree.isPending ? "Agreeing..." : acknowledging ? "I understand and still agree" : "Agree"}
          </Button>
        )
      ) : agreed ? (
        <span className="inline-flex items-center gap-1 font-semibold text-success">
          <CheckCircle2 aria-hidden="true" className="size-4" /> Agreed
        </span>
      ) : (
        <span className="font-semibold text-muted-foreground">Pending</span>
      )}
    </div>
  );

  return (
    <section
      id={`deal-${r.id}`}
      tabIndex={-1}
      aria-labelledby={`deal-heading-${r.id}`}
      className="flex scroll-mt-4 flex-col gap-2 outline-none"
    >
      <h3 id={`deal-heading-${r.id}`} className="text-lg font-bold">
        Deal Agreement
      </h3>
      {choosing && (
        <fieldset className="flex flex-col gap-2 rounded-md bg-muted p-3">
          <legend className="mb-1 text-sm font-semibold">
            Which of your shifts should <bdi>{r.requesterUser.firstName}</bdi> cover in return?
          </legend>
          {r.offers.map((o) => (
            <label key={o.shiftId} className="flex cursor-pointer items-start gap-2 text-base">
              <input
                type="radio"
                name={`offer-${r.id}`}
                className="mt-0.5 size-5 shrink-0 accent-primary"
                checked={offerChoice === o.shiftId}
                onChange={() => setOfferChoice(o.shiftId)}
              />
              <ShiftLine shift={o.shift} />
            </label>
          ))}
          <label className="flex cursor-pointer items-center gap-2 text-base">
            <input
              type="radio"
              name={`offer-${r.id}`}
              className="size-5 accent-primary"
              checked={offerChoice === null}
              onChange={() => setOfferChoice(null)}
            />
            None, no shift in return
          </label>
        </fieldset>
      )}
      {!completed && (
        <>
          <RestWarnings title="This swap breaks your rest" warnings={mineWarnings} />
          <RestWarnings
            title={
              <span>
                This swap breaks <bdi>{otherFirstName(r, role)}</bdi>'s rest
              </span>
            }
            warnings={theirWarnings}
            theirs
          />
        </>
      )}
      {side("Requester", fullName(r.requesterUser), r.requesterAgreed, role === "requester")}
      {side(
        "Responder",
        r.responderUser ? fullName(r.responderUser) : "Looking for match",
        r.responderAgreed,
        role === "responder",
      )}
      {completed && (
        <p className="flex items-center gap-2 rounded-md bg-[#e5f2eb] p-3 font-semibold text-[#00522a]" role="status">
          <CheckCircle2 aria-hidden="true" className="size-5" /> Deal completed!
        </p>
      )}
      {!r.responderUser && r.status === "pending" && (
        <p className="text-sm text-muted-foreground">Agreeing opens once a colleague offers to cover this shift.</p>
      )}
    </section>
  );
}

function GrsReminder({ request: r }: { request: SwapRequest }) {
  const update = useUpdateSwapRequest();
  const connection = useNeedsConnection({ disabled: update.isPending });
  const tick = (field: "grsSubmitted" | "grsApproved", value: boolean) =>
    update.mutate(
      { id: r.id, changes: { [field]: value } },
      {
        onSuccess: () => successToast("Swap request updated"),
        onError: (e) => failureToast("Failed to update swap request", e),
      },
    );
  return (
    <section
      aria-labelledby={`grs-${r.id}`}
      className="flex flex-col gap-3 rounded-md border-2 border-warning bg-[#fff9e6] p-4"
    >
      <h3 id={`grs-${r.id}`} className="text-lg font-bold">
        Submit this swap on GRS
      </h3>
      <p className="text-base">
        Your calendars are updated in CrewSwap, but the swap must also be submitted on GRS, the employer's rostering
        system. CrewSwap does not do that for you.
      </p>
      <div className="flex items-center gap-3">
        <Checkbox
          id={`grs-submitted-${r.id}`}
          checked={r.grsSubmitted}
          {...connection}
          onCheckedChange={(v) => tick("grsSubmitted", v === true)}
        />
        <Label htmlFor={`grs-submitted-${r.id}`} className="text-base">
          Submitted on GRS
        </Label>
      </div>
      <div className="flex items-center gap-3">
        <Checkbox
          id={`grs-approved-${r.id}`}
          checked={r.grsApproved}
          {...connection}
          onCheckedChange={(v) => tick("grsApproved", v === true)}
        />
        <Label htmlFor={`grs-approved-${r.id}`} className="text-base">
          Approved on GRS
        </Label>
      </div>
    </section>
  );
}

function Actions({
  request: r,
  allowed,
  onDeleted,
}: {
  request: SwapRequest;
  allowed: string[];
  onDeleted?: () => void;
}) {
  const [, navigate] = useLocation();
  const reject = useRejectSwapRequest();
  const undo = useUndoDecline();
  const remove = useDeleteSwapRequest();
  const canReject = allowed.includes("reject");
  const canUndo = allowed.includes("undoDecline");
  const canDelete = allowed.includes("delete");
  if (!canReject && !canUndo && !canDelete) return null;

  const doReject = () =>
    reject.mutate(r.id, {
      onSuccess: () => successToast("Request rejected", "You have rejected this swap request."),
      onError: (e) => failureToast("Failed to reject request", e),
    });
  const doUndo = () =>
    undo.mutate(r.id, {
      onSuccess: () => {
        successToast("Decline undone", "The swap request has been restored to pending status.");
        // SPEC §4: the page reloads after an undone decline; the toast gets a moment first. On
        // /messages the open conversation is screen state, so the reload names it (?request=).
        window.setTimeout(() => {
          if (window.location.pathname === "/messages") window.location.assign(`/messages?request=${r.id}`);
          else window.location.reload();
        }, 1500);
      },
      onError: (e) => failureToast("Failed to undo decline", e),
    });
  // Awaited rather than mutate's callbacks, which React Query drops once this screen unmounts.
  const doDelete = async () => {
    try {
      await remove.mutateAsync(r.id);
    } catch (e) {
      failureToast("Failed to delete conversation", e);
      return;
    }
    successToast("Conversation deleted", "The conversation has been deleted.");
    if (onDeleted) onDeleted();
    else navigate("/messages");
  };

  return (
    <section aria-labelledby={`actions-${r.id}`} className="flex flex-col gap-2">
      <h3 id={`actions-${r.id}`} className="text-lg font-bold">
        Actions
      </h3>
      <div className="flex flex-wrap gap-2">
        {canReject && (
          <Button needsConnection variant="outline" onClick={doReject} disabled={reject.isPending}>
            {reject.isPending ? "Rejecting..." : "Reject request"}
          </Button>
        )}
        {canUndo && (
          <Button needsConnection variant="outline" onClick={doUndo} disabled={undo.isPending}>
            {undo.isPending ? "Restoring..." : "Undo Decline"}
          </Button>
        )}
        {canDelete && (
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button needsConnection variant="destructive" disabled={remove.isPending}>
                Delete conversation
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Delete this conversation?</AlertDialogTitle>
                <AlertDialogDescription>
                  The swap request and all of its messages are deleted for both of you. This cannot be undone.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Keep it</AlertDialogCancel>
                <AlertDialogAction
                  needsConnection
                  className="bg-destructive text-destructive-foreground hover:bg-destructive-hover"
                  onClick={doDelete}
                >
                  Delete
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        )}
      </div>
    </section>
  );
}
