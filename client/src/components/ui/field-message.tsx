import { CircleAlert } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";

/** Inline validation or warning text under a field; pair its id with aria-describedby. */
export function FieldMessage({ className, children, ...props }: React.ComponentProps<"p">) {
  if (!children) return null;
  return (
    <p
      data-slot="field-message"
      className={cn("flex items-start gap-1.5 text-sm font-medium text-destructive", className)}
      {...props}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

export function FieldHint({ className, ...props }: React.ComponentProps<"p">) {
  return <p data-slot="field-hint" className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
