/**
 * The kinds of first-paint markup the client build renders (client/src/first-paint-markup.tsx): the
 * frame alone, and for some screens the frame with the screen's own head (title, description,
 * actions and, on /calendar, the tip), so that the largest thing on screen is in the page itself.
 */
export type FirstPaint = "signedIn" | "signIn" | "forgot" | "calendar" | "calendarTipDismissed" | "swapRequests";

/** The attribute of the page's #root naming the first paint the server sent (the app reads it). */
export const FIRST_PAINT_ATTRIBUTE = "data-first-paint";

/** Where the client build writes it, inside its output folder. */
export const FIRST_PAINT_FILE = ".vite/first-paint.json";

/**
 * Set by the app while the signed-in user has closed the schedule's tip on this device (the
 * device's own record of that stays in localStorage, per user): the server leaves the tip out of
 * /calendar's page, and the waiting frame out of its first render, so it never flashes.
 */
export const SCHEDULE_TIP_COOKIE = "crewswap_schedule_tip";
export const SCHEDULE_TIP_DISMISSED = "dismissed";
