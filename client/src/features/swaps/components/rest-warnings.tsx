import type { SwapRequest } from "@common/swaps";
import { isWarning, theirMessage, type Warning } from "@common/working-time";
import { AlertTriangle } from "lucide-react";
import type { ReactNode } from "react";
import { isApiError } from "@/lib/api";

/** The warnings a 409 from agree carries when the caller's rest would break, or null for other errors. */
export function restWarningsOf(error: unknown): Warning[] | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const warnings = (error.body as { warnings?: unknown } | null)?.warnings;
  return Array.isArray(warnings) && warnings.length > 0 && warnings.every(isWarning) ? warnings : null;
}

export function otherFirstName(r: SwapRequest, role: "requester" | "responder" | "other"): string {
  return role === "requester" ? (r.responderUser?.firstName ?? "your colleague") : r.requesterUser.firstName;
}

/** A warning sign and the messages inside a choice (a colleague in the matches, a shift to offer). */
export function RestWarningNote({
  lead,
  warnings,
  theirs = false,
}: {
  lead: ReactNode;
  warnings: readonly Warning[] | undefined;
  /** The warnings are about the colleague: 'their night shift' rather than 'your'. */
  theirs?: boolean;
}) {
  if (!warnings || warnings.length === 0) return null;
  return (
    <span className="mt-1 flex flex-col gap-0.5 rounded border-l-4 border-warning bg-[#fff4d6] px-2 py-1 text-sm text-foreground">
      <span className="flex items-center gap-1.5 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
        {lead}
      </span>
      {warnings.map((w) => (
        <span key={`${w.rule}-${w.dates.join()}-${w.message}`}>{theirs ? theirMessage(w.message) : w.message}</span>
      ))}
    </span>
  );
}
