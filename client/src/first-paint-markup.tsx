import type { FirstPaint } from "@common/first-paint-kinds";
import { renderToStaticMarkup } from "react-dom/server";
import { Router } from "wouter";
import { AuthPending, SignedInPending } from "@/app/pending-frames";
import { CalendarPendingHeadView } from "@/pages/calendar/calendar-head";
import { SwapRequestsPendingHead } from "@/pages/swap-requests/swap-requests-head";

/**
 * The markup each kind of screen draws before its session check and code have arrived (with the
 * screen's own head where it has a still one), rendered from the same components at build time
 * (scripts/lib/vite-first-paint.ts). The server puts it in the page's #root, so a phone paints the
 * frame, the beta notice and the screen's head without waiting for a script; React's first render
 * draws the same over it. Not part of the browser bundle.
 */
export function firstPaintMarkup(): Record<FirstPaint, string> {
  const render = (node: React.ReactNode) => renderToStaticMarkup(<Router ssrPath="/">{node}</Router>);
  return {
    signedIn: render(<SignedInPending />),
    calendar: render(<SignedInPending head={<CalendarPendingHeadView tip />} />),
    calendarTipDismissed: render(<SignedInPending head={<CalendarPendingHeadView tip={false} />} />),
    swapRequests: render(<SignedInPending head={<SwapRequestsPendingHead />} />),
    signIn: render(<AuthPending view="signin" />),
    forgot: render(<AuthPending view="forgot" label="Loading" />),
  };
}
