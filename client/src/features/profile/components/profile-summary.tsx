import type { PublicUser } from "@common/auth";
import { gradeLabel } from "@common/enums";
import { StatusAvatar, swapStatus } from "@/components/status-avatar";
import { cn } from "@/lib/utils";

const statusTone: Record<string, string> = {
  urgent: "border-[#007f3b]/40 bg-[#e5f2eb] text-[#00522a]",
  not_available: "border-[#d5281b]/40 bg-[#fbe9e7] text-[#8a1a10]",
};

/** The bar at the top of /profile: who I am and my swap status (SPEC §2). */
export function ProfileSummary({ user }: { user: PublicUser }) {
  const status = swapStatus(user.swapUrgency);
  return (
    <section
      aria-label="Profile summary"
      className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:p-5"
      data-testid="profile-summary"
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <StatusAvatar user={user} className="[&_[data-slot=avatar]]:size-14 [&_[data-slot=avatar]_span]:text-lg" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="text-xl font-bold">
            <bdi>{`${user.firstName} ${user.lastName}`}</bdi>
          </p>
          <p className="text-sm text-muted-foreground">
            {gradeLabel(user.clinicalGrade)}
            {user.hub && <> · {user.hub}</>}
            {user.paramedicBase && <> · {user.paramedicBase} base</>}
          </p>
        </div>
      </div>
      <p
        className={cn(
          "inline-flex w-fit items-center gap-2 rounded-full border px-3 py-1 text-sm font-semibold",
          statusTone[user.swapUrgency] ?? "border-border bg-muted text-foreground",
        )}
        data-testid="profile-swap-status"
      >
        <span aria-hidden="true" className={cn("size-2.5 rounded-full", status.dot)} />
        {status.label}
      </p>
    </section>
  );
}
