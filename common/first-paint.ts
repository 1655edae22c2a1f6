/** The kinds of first-paint markup the client build renders (client/src/app/first-paint.tsx). */
export type FirstPaint = "signedIn" | "signIn" | "forgot";

/** Where the client build writes it, inside its output folder. */
export const FIRST_PAINT_FILE = ".vite/first-paint.json";
