/**
 * Starting a signed-in screen's download from a link to it. The screens are routes.tsx's, which
 * registers how to start one; links (the header, the tab bar) only say which address is about to
 * be opened.
 */
let preloadScreen: (pathname: string) => void = () => undefined;

export function registerScreenPreload(preload: (pathname: string) => void) {
  preloadScreen = preload;
}

/**
 * Props for a link to a signed-in screen: its code starts downloading when the pointer comes over
 * the link, keyboard focus reaches it, or a finger touches it, a moment before the press, so the
 * screen renders at once instead of behind a spinner.
 */
export function preloadOnIntent(href: string) {
  const preload = () => preloadScreen(href);
  return { onPointerEnter: preload, onPointerDown: preload, onFocus: preload };
}
