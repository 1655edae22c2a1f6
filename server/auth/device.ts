import Bowser from "bowser";

/** 'Chrome on Android', 'Safari on iOS', … from a User-Agent; 'Unknown device' when there is none. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? "Unknown device";
}
