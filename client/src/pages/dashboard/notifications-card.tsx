import { BellRing, BookOpen, CircleDot, Upload } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useSearch } from "wouter";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PushSuggestion } from "@/features/notifications/components/push-suggestion";
import { CoverAlerts } from "@/features/swaps/components/cover-alerts";

const linkClass = "font-semibold text-primary underline underline-offset-4 hover:text-primary-dark";

/** 'Notifications & Alerts' box (SPEC §2, Dashboard). */
export function NotificationsCard() {
  // A cover-alert push opens the dashboard at one request (?cover=) or one day (?coverDate=).
  const params = new URLSearchParams(useSearch());
  const cover = Number(params.get("cover"));
  const focus = Number.isInteger(cover) && cover > 0 ? cover : undefined;
  const focusDate = params.get("coverDate") ?? undefined;
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus !== undefined || focusDate) card.current?.scrollIntoView({ block: "start" });
  }, [focus, focusDate]);
  return (
    <Card ref={card} className="border-l-4 border-l-primary" data-testid="notifications-card">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <BellRing aria-hidden="true" className="size-5 text-primary" />
          Notifications &amp; Alerts
        </CardTitle>
      </CardHeader>
      <CardContent>
        <CoverAlerts focus={focus} focusDate={focusDate} />
        <ul className="flex flex-col gap-3 text-base">
          <PushSuggestion />
          <li className="flex items-start gap-3">
            <BookOpen aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
            {/* Phones have no header, so no Guide menu: point only at the Profile's guide there. */}
            <span>
              New here? Read <span className="hidden md:inline">the Guide in the menu, or </span>the setup guide on your{" "}
              <Link href="/profile" className={linkClass}>
                Profile
              </Link>
              .
            </span>
          </li>
          <li className="flex items-start gap-3">
            <CircleDot aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            <span>
              Set your swap status to green (urgent) on your{" "}
              <Link href="/profile" className={linkClass}>
                Profile
              </Link>{" "}
              so colleagues see you when they browse your hub.
            </span>
          </li>
          <li className="flex items-start gap-3">
            <Upload aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
            <span>
              Upload your shifts on your{" "}
              <Link href="/calendar" className={linkClass}>
                Schedule
              </Link>
              , by hand or from your GRS spreadsheet.
            </span>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
