import { fullName } from "@common/names";
import type { SwapRole } from "@common/swap-rules";
import type { SwapRequest } from "@common/swaps";
import type { ReactNode } from "react";
import { SwapStatusBadge } from "@/components/swap-status-badge";
import { formatDay, formatInstant, LONG_DATE, shiftTimes, shiftTypeLabel } from "@/lib/format";
import { ShiftLine } from "./shift-choice";

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="text-base text-foreground">{children}</dd>
    </div>
  );
}

/** The request as facts: status, the two parties, the shift, the offers, when it was made and changed. */
export function SwapFacts({ request: r, role }: { request: SwapRequest; role: SwapRole }) {
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
  );
}
