import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={cn("size-6 animate-spin text-primary", className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Centred spinner for a whole screen while something essential loads. */
export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[60dvh] w-full items-center justify-center">
      <Spinner className="size-10" label={label} />
    </div>
  );
}
