/**
 * Runs `work` once the page has nothing better to do (or after `timeoutMs` at the latest), so that
 * housekeeping stays out of the tasks that draw a screen. Returns a cancel function for effects.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  // Safari has no idle callbacks: a timer after the first screen's work is the nearest thing.
  const id = window.setTimeout(work, Math.min(timeoutMs, 500));
  return () => window.clearTimeout(id);
}
