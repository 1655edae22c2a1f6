import type * as React from "react";
import { createContext, type ReactNode, useContext, useId } from "react";
import { cn } from "@/lib/utils";

type Group = { name: string; value: string; disabled: boolean; onValueChange?: (value: string) => void };

const GroupContext = createContext<Group | null>(null);

type RadioGroupProps = Omit<React.ComponentProps<"div">, "onChange" | "defaultValue"> & {
  value?: string;
  onValueChange?: (value: string) => void;
  disabled?: boolean;
  name?: string;
  children?: ReactNode;
};

/**
 * Radios of one name inside a `radiogroup`: the browser's own arrow keys, tab stop and form
 * behaviour, and no measuring at mount (each Radix radio forced a layout when it mounted).
 */
export function RadioGroup({ className, value, onValueChange, disabled, name, children, ...props }: RadioGroupProps) {
  const fallbackName = useId();
  return (
    <div
      role="radiogroup"
      data-slot="radio-group"
      aria-disabled={disabled || undefined}
      className={cn("grid gap-3", className)}
      {...props}
    >
      <GroupContext.Provider
        value={{ name: name ?? fallbackName, value: value ?? "", disabled: !!disabled, onValueChange }}
      >
        {children}
      </GroupContext.Provider>
    </div>
  );
}

type RadioGroupItemProps = Omit<React.ComponentProps<"input">, "type" | "checked" | "onChange" | "value"> & {
  value: string;
};

export function RadioGroupItem({ className, value, disabled, ...props }: RadioGroupItemProps) {
  const group = useContext(GroupContext);
  const checked = group?.value === value;
  const off = Boolean(disabled || group?.disabled);
  return (
    <span className={cn("relative mt-0.5 inline-flex size-5 shrink-0", className)}>
      <input
        type="radio"
        data-slot="radio-group-item"
        name={group?.name}
        value={value}
        checked={checked}
        disabled={off}
        // The state as the labels around a radio style it (`has-[[data-state=checked]]`).
        data-state={checked ? "checked" : "unchecked"}
        data-disabled={off ? "" : undefined}
        onChange={() => group?.onValueChange?.(value)}
        className="peer size-5 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-input bg-card checked:border-primary disabled:cursor-not-allowed disabled:opacity-60"
        {...props}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none invisible absolute inset-0 m-auto size-2.5 rounded-full bg-primary peer-checked:visible peer-disabled:opacity-60"
      />
    </span>
  );
}
