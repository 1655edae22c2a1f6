import type * as React from "react";
import { createContext, useContext, useId, useState } from "react";
import { cn } from "@/lib/utils";

/**
 * Tabs as WAI-ARIA's tabs pattern with automatic activation, as Radix's were: one tab in the Tab
 * order, arrow keys (and Home, End) move to a tab and show it, only the shown panel is mounted.
 * Radix's panel measured its animation with getComputedStyle as it mounted, which made the browser
 * compute the whole page's style inside the commit: 12 ms of /calendar's load before any CPU
 * slowdown.
 */
type TabsState = { value: string; select: (value: string) => void; baseId: string };

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error("TabsList, TabsTrigger and TabsContent belong inside Tabs");
  return state;
}

const idOf = (baseId: string, part: "tab" | "panel", value: string) => `${baseId}-${part}-${value}`;

type TabsProps = Omit<React.ComponentProps<"div">, "defaultValue" | "dir"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue, onValueChange, className, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue ?? "");
  const current = value ?? own;
  const baseId = useId();
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: current, select, baseId }}>
      <div data-slot="tabs" data-orientation="horizontal" className={className} {...props} />
    </TabsContext.Provider>
  );
}

const KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End"]);

export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<"div">) {
  const move = (event: React.KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || !KEYS.has(event.key)) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (tabs.length === 0 || at === -1) return;
    event.preventDefault();
    const last = tabs.length - 1;
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? last
          : event.key === "ArrowRight"
            ? (at + 1) % tabs.length
            : (at - 1 + tabs.length) % tabs.length;
    tabs[next].focus();
    tabs[next].click();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={cn(
        "inline-flex h-12 items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground",
        className,
      )}
      onKeyDown={move}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  onClick,
  ...props
}: Omit<React.ComponentProps<"button">, "value"> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(tabs.baseId, "tab", value)}
      aria-selected={active}
      aria-controls={idOf(tabs.baseId, "panel", value)}
      tabIndex={active ? 0 : -1}
      data-state={active ? "active" : "inactive"}
      data-slot="tabs-trigger"
      className={cn(
        "inline-flex h-full flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 text-base font-semibold text-[#3d5161] transition-colors hover:text-foreground disabled:pointer-events-none disabled:opacity-60 data-[state=active]:bg-card data-[state=active]:text-primary-dark data-[state=active]:shadow-sm",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({
  value,
  className,
  ...props
}: Omit<React.ComponentProps<"div">, "value"> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={idOf(tabs.baseId, "panel", value)}
      aria-labelledby={idOf(tabs.baseId, "tab", value)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is focusable in WAI-ARIA's tabs pattern, so Tab from the tab list lands on the panel shown
      tabIndex={0}
      data-state="active"
      data-slot="tabs-content"
      className={cn("mt-4", className)}
      {...props}
    />
  );
}
