import type { ImportResult } from "@common/imports";
import { MAX_UPLOAD_LABEL } from "@common/upload-limit";
import { Download, FileSpreadsheet, Upload, X } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/utils";
import { useImportShifts } from "../api/import-shifts";
import { ROSTER_TEMPLATE_FILENAME, ROSTER_TEMPLATE_URL } from "../api/roster-template";
import { ACCEPT_ATTRIBUTE, fileProblem, formatFileSize } from "../file-checks";
import { useSimulatedProgress } from "../hooks/use-simulated-progress";
import { importFailure, importSuccess } from "../import-messages";
import { ImportReport } from "./import-report";

type Status = "initial" | "uploading" | "success" | "error";

/** The 'Import Excel' tab of the schedule: upload an employer roster (.xlsx or .xls) into the calendar. */
export function ImportExcelTab() {
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>("initial");
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const importer = useImportShifts();
  const progress = useSimulatedProgress();
  const id = useId();

  const uploading = status === "uploading";
  // After a successful import the same file cannot go again until it is cleared (SPEC §4).
  const locked = uploading || status === "success";

  const clear = () => {
    setFile(null);
    setStatus("initial");
    setResult(null);
    setFailure(null);
    progress.reset();
    if (input.current) input.current.value = "";
  };

  const choose = (picked: File | undefined) => {
    if (!picked || locked) return;
    const problem = fileProblem(picked);
    if (input.current) input.current.value = "";
    if (problem) {
      toast({ variant: "destructive", ...problem });
      return;
    }
    setFile(picked);
    setStatus("initial");
    setResult(null);
    setFailure(null);
    progress.reset();
  };

  const send = async (overwriteSwaps: boolean) => {
    if (!file) return;
    setStatus("uploading");
    setFailure(null);
    progress.start();
    try {
      const answer = await importer.mutateAsync({ file, overwriteSwaps });
      progress.finish();
      setResult(answer);
      setStatus("success");
      toast(importSuccess(answer.shifts.length));
    } catch (error) {
      // A failed upload did not finish: the bar goes, and the error alone says what happened.
      progress.reset();
      const { title, description } = importFailure(error);
      setFailure(description);
      setStatus("error");
      toast({ variant: "destructive", title, description });
    }
  };
  const upload = () => {
    if (!locked) void send(false);
  };

  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = locked ? "none" : "copy";
    if (!locked) setDragging(true);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0]);
  };

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
            onChange={(e) => choose(e.target.files?.[0])}
          />
        </section>

        {file && (
          <div className="flex items-center gap-3 rounded-md border border-border bg-muted p-3">
            <FileSpreadsheet aria-hidden="true" className="size-6 shrink-0 text-success" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold" title={file.name}>
                {file.name}
              </p>
              <p className="text-sm text-muted-foreground">{formatFileSize(file.size)}</p>
            </div>
            <Button variant="ghost" size="icon" onClick={clear} disabled={uploading} aria-label="Clear file">
              <X aria-hidden="true" />
            </Button>
          </div>
        )}

        {(uploading || status === "success") && (
          <div className="flex flex-col gap-1.5">
            <div className="flex justify-between text-sm">
              <span id={`${id}-progress`}>{uploading ? "Importing your roster..." : "Upload finished"}</span>
              <span aria-hidden="true">{progress.progress}%</span>
            </div>
            <Progress value={progress.progress} aria-labelledby={`${id}-progress`} />
          </div>
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

        <div className="flex flex-col gap-2 border-t border-border pt-4 text-sm sm:text-base">
          <p className="text-muted-foreground">
            Each sheet needs a heading row with a <span className="font-semibold text-foreground">Date</span> column and
            a <span className="font-semibold text-foreground">Shift</span> code (D, N, RD, AL…) or{" "}
            <span className="font-semibold text-foreground">Start</span> and{" "}
            <span className="font-semibold text-foreground">End</span> times. Rows that cannot be read are listed after
            the import.
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
      </CardContent>
    </Card>
  );
}
