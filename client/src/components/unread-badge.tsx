import { cn } from "@/lib/utils";

/** Yellow count badge for unread messages; renders nothing when the count is 0. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className={cn(
        "inline-flex min-w-5 items-center justify-center rounded-full bg-[#ffeb3b] px-1.5 text-xs leading-5 font-bold text-[#212b32]",
        className,
      )}
    >
      {count > 99 ? "99+" : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
