import { Check } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";

type CheckboxProps = Omit<React.ComponentProps<"input">, "type" | "checked" | "onChange"> & {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * The platform's checkbox, drawn in the app's style: its role, keyboard and form behaviour are the
 * browser's own, and mounting one measures nothing (a screen of them used to force a layout each).
 */
export function Checkbox({ className, checked, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <span className={cn("relative inline-flex size-6 shrink-0", className)}>
      <input
        type="checkbox"
        data-slot="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange?.(event.currentTarget.checked)}
        className="peer size-6 shrink-0 cursor-pointer appearance-none rounded-sm border-2 border-foreground bg-card checked:border-primary checked:bg-primary disabled:cursor-not-allowed disabled:opacity-60"
        {...props}
      />
      <Check
        aria-hidden="true"
        strokeWidth={3}
        className="pointer-events-none invisible absolute inset-0 m-auto size-4 text-primary-foreground peer-checked:visible peer-disabled:opacity-60"
      />
    </span>
  );
}
