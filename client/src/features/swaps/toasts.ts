import type { ReactNode } from "react";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api";

const FALLBACK = "Something went wrong. Please try again.";

/** A failed swap action: SPEC §8 title with the server's message, or the general fallback. */
export function failureToast(title: string, error: unknown) {
  toast({ variant: "destructive", title, description: errorMessage(error, FALLBACK) });
}

export function successToast(title: string, description?: ReactNode) {
  toast({ title, description });
}
