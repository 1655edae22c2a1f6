import { CircleAlert, CircleCheck, Info } from "lucide-react";
import { useId } from "react";
import type { ImportResult, ImportRowNote } from "../api/import-shifts";

function where(note: ImportRowNote, manySheets: boolean) {
  return manySheets ? `${note.sheet}, row ${note.row}` : `Row ${note.row}`;
}

function NoteList({
  title,
  notes,
  manySheets,
  tone,
}: {
  title: string;
  notes: ImportRowNote[];
  manySheets: boolean;
  tone: "warning" | "info";
}) {
  const id = useId();
  const Icon = tone === "warning" ? CircleAlert : Info;
  return (
    <section
      aria-labelledby={id}
      className={
        tone === "warning"
          ? "rounded-md border border-[#f5cc3a] bg-[#fff8e0] p-3"
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
    </section>
  );
}

/** What an import did: how many shifts landed, every row skipped with its reason, and what was adjusted. */
export function ImportReport({ result, fileName }: { result: ImportResult; fileName: string }) {
  const adjusted = result.adjusted ?? [];
  const sheets = new Set([...result.skipped, ...adjusted].map((n) => n.sheet));
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
