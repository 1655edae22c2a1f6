/**
 * What React draws before a screen's code and the session have arrived: the frames over the page's
 * first paint, the heads of /calendar and /swap-requests, and the spinners. They load beside the
 * entry, not in it (routes.tsx imports this module with import(); the server names its chunk in
 * every screen's page), together with the UI kit they share with the screens: the page already
 * shows the same frame, so React's first render can wait for them.
 */
// biome-ignore lint/performance/noBarrelFile: this module is a chunk of its own (one import() names it), not a shortcut for importers.
export { AuthPending, SignedInPending } from "@/app/pending-frames";
export { PageSpinner } from "@/components/ui/spinner";
export { CalendarPendingHead } from "@/pages/calendar/calendar-head";
export { SwapRequestsPendingHead } from "@/pages/swap-requests/swap-requests-head";
