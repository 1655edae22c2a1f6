import { cn } from "@/lib/utils";

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path
        d="M9 12h11l-3-3m6 11H12l3 3"
        fill="none"
        stroke="var(--brand-contrast, #fff)"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function BrandName({ className }: { className?: string }) {
  return <span className={cn("text-xl font-extrabold tracking-tight", className)}>CrewSwap</span>;
}
