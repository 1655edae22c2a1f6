import { coveredShiftType } from "@common/swap-rules";
import type { SwapShift } from "@common/swaps";
import type { ReactNode } from "react";
import { formatDay, LONG_DATE, shiftTimes } from "@/lib/format";
import { cn } from "@/lib/utils";

/**
 * The wizard knows two looks only: day and night, each with its legend dot (day green, night red).
 * The night box itself is a calm slate blue: a red box reads as an error.
 */
const looks = {
  day: {
    label: "Day Shift",
    className: "border-[#6cc18d] bg-[#f1faf4] has-[:checked]:bg-[#dcf3e4]",
    dot: "bg-[#4fb477]",
  },
  night: {
    label: "Night Shift",
    className: "border-[#9fb0c8] bg-[#f4f6fa] has-[:checked]:bg-[#e4eaf4]",
    dot: "bg-[#e0584d]",
  },
} as const;

/** Day or night for display; a shift needing cover is shown as what it becomes for whoever works it. */
export const lookOf = (s: Pick<SwapShift, "shiftType" | "startTime" | "endTime">) =>
  looks[s.shiftType === "night" ? "night" : s.shiftType === "day" ? "day" : coveredShiftType(s)];

/** A selectable shift (radio or checkbox) as a tappable card. */
export function ShiftChoice({
  shift,
  type,
  name,
  checked,
  onChange,
  extra,
  disabled = false,
}: {
  shift: SwapShift;
  type: "radio" | "checkbox";
  name: string;
  checked: boolean;
  onChange: () => void;
  extra?: ReactNode;
  disabled?: boolean;
}) {
  const look = lookOf(shift);
  return (
    <label
      className={cn(
        "flex items-start gap-3 rounded-md border p-3 text-base has-[:checked]:border-2",
        look.className,
        disabled ? "cursor-not-allowed opacity-70" : "cursor-pointer",
      )}
    >
      <input
        type={type}
        name={name}
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        className="mt-1 size-5 shrink-0 accent-primary"
      />
      <span className="flex min-w-0 flex-col">
        <span className="font-semibold">{formatDay(shift.date, LONG_DATE)}</span>
        <span className="flex items-center gap-2 text-sm">
          <span aria-hidden="true" className={cn("size-2.5 rounded-full", look.dot)} />
          {look.label} · {shiftTimes(shift)}
        </span>
        {extra}
      </span>
    </label>
  );
}

/** A read-only description of a shift, with its day or night dot. */
export function ShiftLine({ shift, badge }: { shift: SwapShift; badge?: ReactNode }) {
  const look = lookOf(shift);
  return (
    <span className="inline-flex items-start gap-2">
      <span aria-hidden="true" className={cn("mt-2 size-2.5 shrink-0 rounded-full", look.dot)} />
      <span className="flex flex-col">
        <span className="font-semibold">
          {formatDay(shift.date, LONG_DATE)} {badge}
        </span>
        <span className="text-sm text-muted-foreground">
          {look.label} · {shiftTimes(shift)}
        </span>
      </span>
    </span>
  );
}
