import type { SwapRequest } from "@common/swaps";
import { type Warning, warningSchema } from "@common/working-time";
import { AlertTriangle } from "lucide-react";
import { isApiError } from "@/lib/api";

/** The working-time warnings of one party, as a tired person reads them at a glance (DESIGN §5.18). */
export function RestWarnings({ title, warnings }: { title: string; warnings: Warning[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 rounded-md border-l-4 border-warning bg-[#fff4d6] p-3 text-sm text-foreground">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
        {title}
      </p>
      <ul className="flex list-disc flex-col gap-1 pl-6">
        {warnings.map((w) => (
          <li key={`${w.rule}-${w.dates.join()}-${w.message}`}>{w.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** The warnings a 409 from agree carries when the caller's rest would break, or null for other errors. */
export function restWarningsOf(error: unknown): Warning[] | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const parsed = warningSchema.array().safeParse((error.body as { warnings?: unknown } | null)?.warnings);
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}

export function otherFirstName(r: SwapRequest, role: "requester" | "responder" | "other"): string {
  return role === "requester" ? (r.responderUser?.firstName ?? "your colleague") : r.requesterUser.firstName;
}
