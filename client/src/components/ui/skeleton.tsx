import type * as React from "react";
import { cn } from "@/lib/utils";

/** A grey block holding the place of content that is loading, so nothing moves when it arrives. */
export function Skeleton({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      aria-hidden="true"
      data-slot="skeleton"
      className={cn("block animate-pulse rounded-md bg-muted", className)}
      {...props}
    />
  );
}
