import { theirMessage, type Warning } from "@common/working-time";
import { AlertTriangle } from "lucide-react";
import type { ReactNode } from "react";

/** Working-time warnings, as a tired person reads them at a glance (DESIGN §5.18). */
export function RestWarnings({
  title,
  warnings,
  theirs = false,
}: {
  title: ReactNode;
  warnings: readonly Pick<Warning, "rule" | "message" | "dates">[];
  /** The warnings are about the other party: 'their night shift' rather than 'your'. */
  theirs?: boolean;
}) {
  if (warnings.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 rounded-md border-l-4 border-warning bg-[#fff4d6] p-3 text-sm text-foreground">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
        {title}
      </p>
      <ul className="flex list-disc flex-col gap-1 pl-6">
        {warnings.map((w) => (
          <li key={`${w.rule}-${w.dates.join()}-${w.message}`}>{theirs ? theirMessage(w.message) : w.message}</li>
        ))}
      </ul>
    </div>
  );
}
