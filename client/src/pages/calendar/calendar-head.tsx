import { FIRST_PAINT_ATTRIBUTE, type FirstPaint } from "@common/first-paint-kinds";
import { CalendarPlus } from "lucide-react";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { CalendarFeedButton, ClearCalendarButton } from "@/features/shifts/components/calendar-action-buttons";
import { scheduleTipCookieSaysDismissed, scheduleTipDismissed } from "@/lib/schedule-tip";
import { useUser } from "@/lib/user";
import { ScheduleTipBox } from "./schedule-tip";

/** The schedule's title and buttons: wired up by the page, drawn still by the first paint. */
export function CalendarHeader({
  onManage,
  clear,
  feed,
}: {
  /** Absent in the first paint, where the button says it is not ready yet. */
  onManage?: () => void;
  clear: ReactNode;
  feed: ReactNode;
}) {
  return (
    <PageHeader
      title="Your Schedule"
      description="Keep your roster up to date so colleagues can find swaps with you."
      actions={
        // One column below 384px, where the two buttons side by side no longer fit their labels.
        <div className="grid gap-2 min-[24rem]:grid-cols-2 sm:flex sm:flex-wrap sm:justify-end lg:shrink-0 lg:flex-nowrap">
          <Button className="min-[24rem]:col-span-2" onClick={onManage} aria-disabled={onManage ? undefined : true}>
            <CalendarPlus aria-hidden="true" />
            Manage Schedule
          </Button>
          {clear}
          {feed}
        </div>
      }
    />
  );
}

/**
 * What /calendar draws before its code and the session have arrived, where the screen draws it:
 * the header, and the tip unless the user has closed it on this device. Before the session is
 * known that is what the server's first paint of /calendar showed (it read the cookie the app keeps)
 * or, in a page the service worker served from its shell, what that cookie says.
 */
export function CalendarPendingHead() {
  const { user } = useUser();
  return <CalendarPendingHeadView tip={user ? !scheduleTipDismissed(user.id) : !tipDismissedBeforeSession()} />;
}

function tipDismissedBeforeSession(): boolean {
  const firstPaint = document.getElementById("root")?.getAttribute(FIRST_PAINT_ATTRIBUTE) as FirstPaint | null;
  if (firstPaint === "calendar" || firstPaint === "calendarTipDismissed") return firstPaint === "calendarTipDismissed";
  return scheduleTipCookieSaysDismissed();
}

/** The same, for the server's first paint (client/src/first-paint-markup.tsx), with and without the tip. */
export function CalendarPendingHeadView({ tip }: { tip: boolean }) {
  return (
    <>
      {/* Drawn as they look, but not ready until the app arrives: said so (aria-disabled), not greyed out. */}
      <CalendarHeader clear={<ClearCalendarButton aria-disabled />} feed={<CalendarFeedButton aria-disabled />} />
      {tip && <ScheduleTipBox />}
    </>
  );
}
