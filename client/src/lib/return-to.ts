const DEFAULT_PATH = "/dashboard";

/**
 * A path on this site to return to after sign-in, or null. Only same-origin paths pass:
 * '//evil.example', '/\\evil.example' and absolute URLs are refused (open redirect).
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return null;
  try {
    const url = new URL(raw, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    if (url.pathname === "/" || url.pathname === "/auth") return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Where sign-in leads: the protected page the visitor came for, else the dashboard. */
export function returnPath(): string {
  return safeReturnPath(new URLSearchParams(window.location.search).get("next")) ?? DEFAULT_PATH;
}

/** The sign-in page, remembering the protected page a signed-out visitor asked for. */
export function signInPathFor(path: string): string {
  const safe = safeReturnPath(path);
  return safe && safe !== DEFAULT_PATH ? `/?next=${encodeURIComponent(safe)}` : "/";
}
