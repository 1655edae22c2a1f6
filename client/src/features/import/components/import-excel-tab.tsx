import { MAX_UPLOAD_LABEL } from "@common/upload-limit";
import { Download, FileSpreadsheet, Upload, X } from "lucide-react";
import { type DragEvent, type RefObject, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";
import { ROSTER_TEMPLATE_FILENAME, ROSTER_TEMPLATE_URL } from "../api/roster-template";
import { ACCEPT_ATTRIBUTE, formatFileSize } from "../file-checks";
import { useRosterImport } from "../hooks/use-roster-import";
import { ImportReport } from "./import-report";

/** The 'Import Excel' tab of the schedule: upload an employer roster (.xlsx or .xls) into the calendar. */
export function ImportExcelTab() {
  const { file, status, result, failure, input, progress, uploading, locked, clear, choose, send, upload } =
    useRosterImport();
  const id = useId();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Import from Excel</CardTitle>
        <CardDescription>
          Upload the roster you downloaded from your employer&apos;s rostering system. Each date in the file replaces
          what your calendar has on that day; other days stay as they are.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <RosterDropZone id={id} input={input} locked={locked} onChoose={choose} />

        {file && <ChosenFile file={file} uploading={uploading} onClear={clear} />}

        {(uploading || status === "success") && (
          <ImportProgress id={id} uploading={uploading} value={progress.progress} />
        )}

        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Button needsConnection onClick={upload} disabled={!file || locked} className="sm:self-start">
            {uploading ? "Importing..." : "Import shifts"}
          </Button>
          {status === "success" && (
            <p className="text-sm text-muted-foreground">To import another roster, clear this file first.</p>
          )}
        </div>

        <div aria-live="polite">
          {status === "success" && result && file && (
            <ImportReport result={result} fileName={file.name} onOverwriteSwaps={() => void send(true)} />
          )}
          {status === "error" && failure && (
            <p className="rounded-md border border-[#f0b4ae] bg-[#fbe9e7] p-3 font-semibold text-[#a2180e]">
              {failure}
            </p>
          )}
        </div>

        <TemplateHelp />
      </CardContent>
    </Card>
  );
}

/** Where the roster is dropped or chosen; it takes no file while one is importing or imported. */
function RosterDropZone({
  id,
  input,
  locked,
  onChoose,
}: {
  id: string;
  input: RefObject<HTMLInputElement | null>;
  locked: boolean;
  onChoose: (picked: File | undefined) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = locked ? "none" : "copy";
    if (!locked) setDragging(true);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    onChoose(e.dataTransfer.files[0]);
  };

  return (
    <section
      aria-label="Roster file"
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-input p-5 text-center sm:p-8",
        dragging && "border-primary bg-primary-soft",
        locked && "bg-muted",
      )}
    >
      <FileSpreadsheet aria-hidden="true" className="size-10 text-primary" />
      <p className="font-semibold">Drag and drop your roster here, or choose it</p>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        Excel files (.xlsx or .xls) up to {MAX_UPLOAD_LABEL}
      </p>
      <Button
        variant="outline"
        onClick={() => input.current?.click()}
        disabled={locked}
        aria-describedby={`${id}-hint`}
      >
        <Upload aria-hidden="true" />
        Choose file
      </Button>
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        hidden
        onChange={(e) => onChoose(e.target.files?.[0])}
      />
    </section>
  );
}

/** The chosen file's name and size, with the button that clears it. */
function ChosenFile({ file, uploading, onClear }: { file: File; uploading: boolean; onClear: () => void }) {
  return (
    <div className="flex items-center gap-3 rounded-md border border-border bg-muted p-3">
      <FileSpreadsheet aria-hidden="true" className="size-6 shrink-0 text-success" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold" title={file.name}>
          {file.name}
        </p>
        <p className="text-sm text-muted-foreground">{formatFileSize(file.size)}</p>
      </div>
      <Button variant="ghost" size="icon" onClick={onClear} disabled={uploading} aria-label="Clear file">
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}

function ImportProgress({ id, uploading, value }: { id: string; uploading: boolean; value: number }) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-sm">
        <span id={`${id}-progress`}>{uploading ? "Importing your roster..." : "Upload finished"}</span>
        <span aria-hidden="true">{value}%</span>
      </div>
      <Progress value={value} aria-labelledby={`${id}-progress`} />
    </div>
  );
}

/** What a roster file needs, and the template to start from. */
function TemplateHelp() {
  return (
    <div className="flex flex-col gap-2 border-t border-border pt-4 text-sm sm:text-base">
      <p className="text-muted-foreground">
        Each sheet needs a heading row with a <span className="font-semibold text-foreground">Date</span> column and a{" "}
        <span className="font-semibold text-foreground">Shift</span> code (D, N, RD, AL…) or{" "}
        <span className="font-semibold text-foreground">Start</span> and{" "}
        <span className="font-semibold text-foreground">End</span> times. Rows that cannot be read are listed after the
        import.
      </p>
      <a
        href={ROSTER_TEMPLATE_URL}
        download={ROSTER_TEMPLATE_FILENAME}
        className="inline-flex items-center gap-2 self-start font-semibold text-primary underline underline-offset-4 hover:text-primary-dark hover:decoration-2"
      >
        <Download aria-hidden="true" className="size-4" />
        Download the roster template
      </a>
    </div>
  );
}
