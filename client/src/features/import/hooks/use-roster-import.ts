import type { ImportResult } from "@common/imports";
import { useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { useImportShifts } from "../api/import-shifts";
import { fileProblem } from "../file-checks";
import { importFailure, importSuccess } from "../import-messages";
import { useSimulatedProgress } from "./use-simulated-progress";

type Status = "initial" | "uploading" | "success" | "error";

/** The roster upload's state: the chosen file, where the import stands, and what it answered. */
export function useRosterImport() {
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>("initial");
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const importer = useImportShifts();
  const progress = useSimulatedProgress();

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

  return { file, status, result, failure, input, progress, uploading, locked, clear, choose, send, upload };
}
