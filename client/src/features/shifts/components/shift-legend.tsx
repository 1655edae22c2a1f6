import { legendItems, shiftStyles } from "@/lib/shift-style";
import { cn } from "@/lib/utils";

export function ShiftLegend({ className }: { className?: string }) {
  return (
    <section aria-label="Colour legend" className={cn("flex flex-wrap gap-x-4 gap-y-2 text-sm", className)}>
      {legendItems.map((item) => (
        <span key={item.kind} className="inline-flex items-center gap-2">
          <span aria-hidden="true" className={cn("size-3.5 rounded-sm", shiftStyles[item.kind].swatch)} />
          {item.label}
        </span>
      ))}
    </section>
  );
}
