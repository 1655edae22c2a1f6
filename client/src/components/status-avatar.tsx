import type { PublicUser } from "@common/auth";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { cn, initials } from "@/lib/utils";

type Status = { dot: string; label: string };

/** Green urgent, orange none, red anything else (e.g. not_available), grey if unset. */
export function swapStatus(urgency: string | null | undefined): Status {
  if (!urgency) return { dot: "bg-[#768692]", label: "Swap Status Not Set" };
  if (urgency === "urgent") return { dot: "bg-[#007f3b]", label: "Available for Swaps" };
  if (urgency === "none") return { dot: "bg-[#ed8b00]", label: "Swap Status Not Set" };
  return { dot: "bg-[#d5281b]", label: "Not Available" };
}

export function StatusAvatar({
  user,
  className,
}: {
  user: Pick<PublicUser, "firstName" | "lastName" | "swapUrgency"> | null;
  className?: string;
}) {
  const status = swapStatus(user?.swapUrgency);
  return (
    <span className={cn("relative inline-flex", className)}>
      <Avatar className="size-9 border-2 border-white">
        <AvatarFallback>{initials(user?.firstName, user?.lastName)}</AvatarFallback>
      </Avatar>
      <span
        data-testid="status-dot"
        data-status={user?.swapUrgency ?? "unset"}
        className={cn("absolute -right-0.5 -bottom-0.5 size-3.5 rounded-full border-2 border-white", status.dot)}
      />
    </span>
  );
}
