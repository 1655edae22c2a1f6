import { Lightbulb, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { dismissScheduleTip, scheduleTipDismissed } from "@/lib/schedule-tip";
import { useUser } from "@/lib/user";

/**
 * The schedule's tip box; once closed it stays closed for that user on this device. Read for the
 * user of each render: the screen can open with the last user saved on the device and learn only
 * then that someone else is signed in, who has their own choice.
 */
export function ScheduleTip() {
  const { user } = useUser();
  const [closedFor, setClosedFor] = useState<number | null>(null);
  if (!user || closedFor === user.id || scheduleTipDismissed(user.id)) return null;
  return (
    <ScheduleTipBox
      onDismiss={() => {
        dismissScheduleTip(user.id);
        setClosedFor(user.id);
      }}
    />
  );
}

/** The box itself, also drawn by /calendar's first paint (without `onDismiss`) before the app's code has arrived. */
export function ScheduleTipBox({ onDismiss }: { onDismiss?: () => void }) {
  return (
    <div
      data-testid="schedule-tip"
      className="flex items-start gap-3 rounded-lg border border-[#f5cc3a] bg-[#fff8e0] p-3 text-sm sm:text-base"
    >
      <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-[#8a5a00]" />
      <p className="flex-1">
        <span className="font-bold">Tip:</span> tap + on a day to add a shift, or tap a shift to see, edit or delete it.
        Mark rest days you could work as <span className="font-semibold">Available Off Days</span> so colleagues can ask
        you to swap.
      </p>
      <Button
        variant="ghost"
        size="icon"
        className="-m-1.5 shrink-0"
        aria-label="Dismiss tip"
        onClick={onDismiss}
        aria-disabled={onDismiss ? undefined : true}
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
