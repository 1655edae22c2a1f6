import { BellOff, BellPlus } from "lucide-react";
import { Link } from "wouter";
import { usePushState } from "../hooks/use-push-state";

const linkClass = "font-semibold text-primary underline underline-offset-4 hover:text-primary-dark";

/**
 * A line for the dashboard's 'Notifications & Alerts' box while push is off on this device, or
 * how to unblock it when the browser blocks CrewSwap's notifications (the app cannot ask again).
 */
export function PushSuggestion() {
  const { state } = usePushState();
  if (state === "blocked") {
    return (
      <li className="flex items-start gap-3">
        <BellOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <span>
          Notifications are blocked for CrewSwap in this browser. To get them, allow notifications in your browser's
          site settings.
        </span>
      </li>
    );
  }
  if (state !== "off") return null;
  return (
    <li className="flex items-start gap-3">
      <BellPlus aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <span>
        Turn on push notifications under Notifications on your{" "}
        <Link href="/profile" className={linkClass}>
          Profile
        </Link>{" "}
        so you hear about swap requests and messages while CrewSwap is closed.
      </span>
    </li>
  );
}
