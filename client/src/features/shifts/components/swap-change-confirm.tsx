import { Button } from "@/components/ui/button";

/** Asks before a change takes away the Available Off Day a swap request relies on (decision 006). */
export function SwapChangeConfirm({
  question,
  action,
  busy,
  onKeep,
  onConfirm,
  compact = false,
}: {
  question: string;
  action: string;
  busy: boolean;
  onKeep: () => void;
  onConfirm: () => void;
  /** In a narrow column (a side panel) the buttons stack at every width. */
  compact?: boolean;
}) {
  return (
    <div
      role="alertdialog"
      aria-label="Swap request"
      className="flex flex-col gap-3 rounded-md border border-destructive/40 bg-[#fbe9e7] p-3"
    >
      <p className="font-semibold">{question}</p>
      <div
        className={compact ? "flex flex-col-reverse gap-2" : "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"}
      >
        <Button type="button" variant="outline" onClick={onKeep} disabled={busy}>
          Keep it
        </Button>
        <Button needsConnection type="button" variant="destructive" onClick={onConfirm} disabled={busy}>
          {busy ? "Saving..." : action}
        </Button>
      </div>
    </div>
  );
}
