/**
 * A notification about a request replaces the one already showing for it (same tag). Three quick
 * lines from a colleague at 06:30 should buzz the phone once, not three times: the replacement
 * alerts again only when the last alert for that request is at least this old.
 */
export const ALERT_AGAIN_AFTER_MS = 2 * 60_000;

/** What the notification showing for the same tag remembers: when it last alerted, if it says. */
export type Showing = { alertedAt?: unknown } | null;

/** Whether the new notification alerts (sound, vibration), and the time of the last alert it keeps. */
export function alertFor(showing: Showing, now: number): { alert: boolean; alertedAt: number } {
  const last = typeof showing?.alertedAt === "number" ? showing.alertedAt : null;
  if (!showing || last === null || now - last >= ALERT_AGAIN_AFTER_MS || last > now) {
    return { alert: true, alertedAt: now };
  }
  return { alert: false, alertedAt: last };
}
