import type { SwapRequest } from "@common/swaps";
import type { ReactNode } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { useNeedsConnection } from "@/lib/use-online";
import { useUpdateSwapRequest } from "../api/update-swap-request";
import { failureToast, successToast } from "../toasts";

/**
 * After a completed swap: the reminder to submit it on GRS, with its two ticks. `children` says
 * what to submit when the general words are not enough (a three-way swap's three changes).
 */
export function GrsReminder({ request: r, children }: { request: SwapRequest; children?: ReactNode }) {
  const update = useUpdateSwapRequest();
  const connection = useNeedsConnection({ disabled: update.isPending });
  const tick = (field: "grsSubmitted" | "grsApproved", value: boolean) =>
    update.mutate(
      { id: r.id, changes: { [field]: value } },
      {
        onSuccess: () => successToast("Swap request updated"),
        onError: (e) => failureToast("Failed to update swap request", e),
      },
    );
  return (
    <section
      aria-labelledby={`grs-${r.id}`}
      className="flex flex-col gap-3 rounded-md border-2 border-warning bg-[#fff9e6] p-4"
    >
      <h3 id={`grs-${r.id}`} className="text-lg font-bold">
        Submit this swap on GRS
      </h3>
      <p className="text-base">
        {children ?? (
          <>
            Your calendars are updated in CrewSwap, but the swap must also be submitted on GRS, the employer's rostering
            system. CrewSwap does not do that for you.
          </>
        )}
      </p>
      <div className="flex items-center gap-3">
        <Checkbox
          id={`grs-submitted-${r.id}`}
          checked={r.grsSubmitted}
          {...connection}
          onCheckedChange={(v) => tick("grsSubmitted", v === true)}
        />
        <Label htmlFor={`grs-submitted-${r.id}`} className="text-base">
          Submitted on GRS
        </Label>
      </div>
      <div className="flex items-center gap-3">
        <Checkbox
          id={`grs-approved-${r.id}`}
          checked={r.grsApproved}
          {...connection}
          onCheckedChange={(v) => tick("grsApproved", v === true)}
        />
        <Label htmlFor={`grs-approved-${r.id}`} className="text-base">
          Approved on GRS
        </Label>
      </div>
    </section>
  );
}
