import Bowser from "bowser";

/**
 * 'Chrome on Android', 'Safari on iOS', … from a User-Agent; 'Unknown browser on Linux' or
 * 'Unknown browser' when the browser is not recognised, 'Unknown device' when there is no User-Agent.
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const parsed = Bowser.parse(userAgent);
  // Bowser names an unrecognised browser '' or by the 'Mozilla/5.0' every browser sends.
  const named = parsed.browser.name;
  const browser = named && named !== "Mozilla" ? named : "Unknown browser";
  const os = parsed.os.name;
  return os ? `${browser} on ${os}` : browser;
}
