/** Small, failure-tolerant localStorage flags (private browsing may refuse storage). */
export function readFlag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

export function writeFlag(key: string): void {
  try {
    window.localStorage.setItem(key, new Date().toISOString());
  } catch {
    // ignore: the flag is a nicety
  }
}
