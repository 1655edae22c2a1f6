import type { ImportResult, RowNote as ImportRowNote } from "@common/imports";
import { ArrowLeftRight, CircleAlert, CircleCheck, Info } from "lucide-react";
import { useId } from "react";
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

function where(note: ImportRowNote, manySheets: boolean) {
  return manySheets ? `${note.sheet}, row ${note.row}` : `Row ${note.row}`;
}

function NoteList({
  title,
  notes,
  manySheets,
  tone,
  children,
}: {
  title: string;
  notes: ImportRowNote[];
  manySheets: boolean;
  tone: "warning" | "info" | "swap";
  children?: React.ReactNode;
}) {
  const id = useId();
  const Icon = tone === "warning" ? CircleAlert : tone === "swap" ? ArrowLeftRight : Info;
  return (
    <section
      aria-labelledby={id}
      className={
        tone === "warning"
          ? "rounded-md border border-[#f5cc3a] bg-[#fff8e0] p-3"
          : tone === "swap"
            ? "rounded-md border border-[#9cc3e6] bg-[#eaf3fb] p-3"
            : "rounded-md border border-border bg-muted p-3"
      }
    >
      <h3 id={id} className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        {title}
      </h3>
      <ul
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a long list scrolls inside the card; keyboard users must reach it to scroll
        tabIndex={0}
        aria-labelledby={id}
        className="mt-2 flex max-h-64 flex-col gap-1.5 overflow-y-auto rounded-sm text-sm sm:text-base"
      >
        {notes.map((note) => (
          <li key={`${note.sheet}|${note.row}|${note.reason}`} className="break-words">
            <span className="font-semibold">{where(note, manySheets)}:</span> {note.reason}
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}

/** Asks once before the file replaces what completed swaps changed (DESIGN §5.19). */
function OverwriteSwaps({ count, onConfirm }: { count: number; onConfirm: () => void }) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button needsConnection variant="outline" className="mt-3 self-start">
          Use my roster file for {count === 1 ? "this day" : "these days"}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Use your roster file instead of your swaps?</AlertDialogTitle>
          <AlertDialogDescription>
            {count === 1
              ? "Your calendar will show what the file says on this day, undoing what the swap changed there."
              : `Your calendar will show what the file says on these ${count} days, undoing what the swaps changed there.`}{" "}
            Do this only when the swap did not go ahead on GRS.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep my swaps</AlertDialogCancel>
          <AlertDialogAction needsConnection onClick={onConfirm}>
            Use the file
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * What an import did: how many shifts landed, the rows kept for completed swaps (with the offer to let
 * the file win), every row skipped with its reason, and what was adjusted.
 */
export function ImportReport({
  result,
  fileName,
  onOverwriteSwaps,
}: {
  result: ImportResult;
  fileName: string;
  onOverwriteSwaps: () => void;
}) {
  const { adjusted, kept } = result;
  const sheets = new Set([...result.skipped, ...adjusted, ...kept].map((n) => n.sheet));
  const manySheets = sheets.size > 1;
  const count = result.shifts.length;
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-start gap-2 rounded-md border border-[#b7dcc5] bg-[#e8f5ec] p-3 font-semibold text-[#00662f]">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>
          {count === 1 ? "1 shift" : `${count} shifts`} imported from {fileName}.
          {count > 0 ? " They are on your calendar now." : ""}
        </span>
      </p>
      {kept.length > 0 && (
        <NoteList
          title={kept.length === 1 ? "1 day kept for your swap" : `${kept.length} days kept for your swaps`}
          notes={kept}
          manySheets={manySheets}
          tone="swap"
        >
          <OverwriteSwaps count={kept.length} onConfirm={onOverwriteSwaps} />
        </NoteList>
      )}
      {result.skipped.length > 0 && (
        <NoteList
          title={result.skipped.length === 1 ? "1 row skipped" : `${result.skipped.length} rows skipped`}
          notes={result.skipped}
          manySheets={manySheets}
          tone="warning"
        />
      )}
      {adjusted.length > 0 && (
        <NoteList title="Changed while reading" notes={adjusted} manySheets={manySheets} tone="info" />
      )}
    </div>
  );
}
