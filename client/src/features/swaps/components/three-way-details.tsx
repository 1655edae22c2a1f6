import { fullName } from "@common/names";
import { coveredShiftType, decideThreeWay } from "@common/swap-rules";
import type { SwapRequest, ThreeWayRequestParty } from "@common/swaps";
import { isWarning, type Warning } from "@common/working-time";
import { useState } from "react";
import { RestWarnings } from "@/components/rest-warnings";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api";
import { formatDay } from "@/lib/format";
import { useAgreeToSwap } from "../api/agree";
import { useRejectSwapRequest } from "../api/reject";
import { useWithdrawAgreement } from "../api/unagree";
import { failureToast, successToast } from "../toasts";

type Shift = ThreeWayRequestParty["gives"];

/** 'Sat 12 Dec day': the day and whether it is worked as a day or a night. */
const shiftWords = (s: Shift) =>
  `${formatDay(s.date, "EEE d MMM")} ${s.shiftType === "day" || s.shiftType === "night" ? s.shiftType : coveredShiftType(s)}`;

/**
 * Swap Details of a three-way request (DESIGN §5.23): the three parties, who gives and takes what,
 * each one's agreement, and Agree / Withdraw / Decline for the signed-in party on their own side.
 */
export function ThreeWayDetails({ request: r, myId }: { request: SwapRequest; myId: number }) {
  const parties = r.parties ?? [];
  const me = parties.find((p) => p.user.id === myId);
  const giverOf = (p: ThreeWayRequestParty) => parties.find((q) => q.gives.shiftId === p.takes.shiftId);
  const takerOf = (p: ThreeWayRequestParty) => parties.find((q) => q.takes.shiftId === p.gives.shiftId);
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby={`three-${r.id}`} className="flex flex-col gap-2">
        <h3 id={`three-${r.id}`} className="text-lg font-bold">
          Three-way swap
        </h3>
        <ul className="flex flex-col gap-2">
          {parties.map((p) => (
            <li key={p.user.id} className="flex flex-col gap-1 rounded-md border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">
                  {p.user.id === myId ? `${fullName(p.user)} (you)` : fullName(p.user)}
                </span>
                <Badge variant={p.agreed ? "default" : "outline"}>{p.agreed ? "Agreed" : "Not agreed yet"}</Badge>
              </div>
              <span className="text-sm">
                Gives {shiftWords(p.gives)} to {takerOf(p) ? fullName(takerOf(p)?.user ?? p.user) : "—"}
              </span>
              <span className="text-sm">
                Takes {shiftWords(p.takes)} from {giverOf(p) ? fullName(giverOf(p)?.user ?? p.user) : "—"}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {me && r.status === "completed" && <ThreeWayGrs me={me} taker={takerOf(me)} giver={giverOf(me)} />}
      {me && <ThreeWayActions request={r} me={me} othersAgreed={parties.filter((p) => p !== me && p.agreed).length} />}
    </div>
  );
}

/** The GRS reminder of a completed three-way swap: the changes this party submits. */
function ThreeWayGrs({
  me,
  taker,
  giver,
}: {
  me: ThreeWayRequestParty;
  taker?: ThreeWayRequestParty;
  giver?: ThreeWayRequestParty;
}) {
  return (
    <section className="flex flex-col gap-2 rounded-md border-2 border-warning bg-[#fff9e6] p-4">
      <h3 className="text-lg font-bold">Submit this swap on GRS</h3>
      <p className="text-base">
        Your calendars are updated in CrewSwap, but the three changes must also be submitted on GRS. Yours:
      </p>
      <ul className="list-disc pl-6 text-base">
        <li>
          Your {shiftWords(me.gives)} goes to {taker ? fullName(taker.user) : "—"}
        </li>
        <li>
          You work {giver ? `${fullName(giver.user)}'s` : "the"} {shiftWords(me.takes)}
        </li>
      </ul>
    </section>
  );
}

function ThreeWayActions({
  request: r,
  me,
  othersAgreed,
}: {
  request: SwapRequest;
  me: ThreeWayRequestParty;
  othersAgreed: number;
}) {
  const agree = useAgreeToSwap();
  const withdraw = useWithdrawAgreement();
  const reject = useRejectSwapRequest();
  const [warnings, setWarnings] = useState<Warning[]>([]);
  const state = { status: r.status, mine: me.agreed, othersAgreed };
  const can = (a: "agree" | "unagree" | "reject") => decideThreeWay(a, state).ok;
  if (!can("agree") && !can("unagree") && !can("reject")) return null;
  const doAgree = (acknowledgeWarnings: boolean) =>
    agree.mutate(
      { id: r.id, acknowledgeWarnings },
      {
        onSuccess: (done) => {
          setWarnings([]);
          successToast(done.status === "completed" ? "Swap completed" : "You agreed to this swap");
        },
        onError: (e) => {
          const sent = isApiError(e) ? (e.body as { warnings?: unknown } | null)?.warnings : undefined;
          const found = Array.isArray(sent) ? sent.filter(isWarning) : [];
          if (found.length > 0) setWarnings(found);
          else failureToast("Failed to agree", e);
        },
      },
    );
  return (
    <section aria-label="Your agreement" className="flex flex-col gap-2">
      <RestWarnings title="This swap breaks your rest" warnings={warnings} />
      <div className="flex flex-wrap gap-2">
        {can("agree") && (
          <Button needsConnection onClick={() => doAgree(warnings.length > 0)} disabled={agree.isPending}>
            {warnings.length > 0 ? "Agree anyway" : "Agree"}
          </Button>
        )}
        {can("unagree") && (
          <Button
            needsConnection
            variant="outline"
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate(r.id, { onError: (e) => failureToast("Failed to withdraw", e) })}
          >
            Withdraw agreement
          </Button>
        )}
        {can("reject") && (
          <Button
            needsConnection
            variant="outline"
            disabled={reject.isPending}
            onClick={() => reject.mutate(r.id, { onError: (e) => failureToast("Failed to decline", e) })}
          >
            Decline
          </Button>
        )}
      </div>
    </section>
  );
}
