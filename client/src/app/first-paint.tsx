import type { FirstPaint } from "@common/first-paint";
import { renderToStaticMarkup } from "react-dom/server";
import { Router } from "wouter";
import { AuthPending, SignedInPending } from "./pending-frames";

/**
 * The markup each kind of screen draws before its session check and code have arrived, rendered
 * from the same components at build time (scripts/lib/vite-first-paint.ts). The server puts it in
 * the page's #root, so a phone paints the frame and the beta notice without waiting for a script;
 * React's first render draws the same frame over it. Not part of the browser bundle.
 */
export function firstPaintMarkup(): Record<FirstPaint, string> {
  const render = (node: React.ReactNode) => renderToStaticMarkup(<Router ssrPath="/">{node}</Router>);
  return {
    signedIn: render(<SignedInPending />),
    signIn: render(<AuthPending view="signin" />),
    forgot: render(<AuthPending view="forgot" label="Loading" />),
  };
}
