/** A vertical stretch of the screen, in CSS pixels from its top. */
export type Band = { top: number; bottom: number };

/** Space kept between a toast and the nearest control, and from the screen's edges. */
export const TOAST_GAP = 8;

const CONTROLS = [
  "a[href]",
  "button",
  "input",
  "select",
  "textarea",
  "summary",
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="radio"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[role="combobox"]',
].join(",");

/**
 * Where a toast `height` tall may go on a screen `screenHeight` tall without covering any of the
 * controls' bands: the top of the free stretch nearest to the top or bottom edge, or null when no
 * stretch is tall enough.
 */
export function clearTop(controls: Band[], height: number, screenHeight: number, gap = TOAST_GAP): number | null {
  const blocked = [
    { top: 0, bottom: gap },
    { top: screenHeight - gap, bottom: screenHeight },
    ...controls.map((c) => ({ top: c.top - gap, bottom: c.bottom + gap })),
  ].sort((a, b) => a.top - b.top);
  let best: { top: number; distance: number } | null = null;
  let reached = 0;
  for (const band of blocked) {
    const free = { top: reached, bottom: band.top };
    reached = Math.max(reached, band.bottom);
    if (free.bottom - free.top < height) continue;
    // Against whichever end of the stretch is nearer an edge of the screen.
    const fromTop = free.top;
    const fromBottom = screenHeight - free.bottom;
    const candidate =
      fromTop <= fromBottom
        ? { top: free.top, distance: fromTop }
        : { top: free.bottom - height, distance: fromBottom };
    if (!best || candidate.distance < best.distance) best = candidate;
  }
  return best?.top ?? null;
}

/**
 * The bands of the enabled controls a tap could reach now: on the screen and not wholly under
 * anything else (a modal's backdrop, the tab bar, a sticky header), the toast itself left out.
 */
export function reachableControls(toast: Element): Band[] {
  const bands: Band[] = [];
  for (const control of Array.from(document.querySelectorAll(CONTROLS))) {
    if (toast.contains(control) || (control as HTMLInputElement).disabled) continue;
    const box = control.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= window.innerHeight) continue;
    if (reachable(control, box, toast)) bands.push({ top: box.top, bottom: box.bottom });
  }
  return bands;
}

/** Whether a tap at some height of the control, down its middle, would reach it. */
function reachable(control: Element, box: DOMRect, toast: Element): boolean {
  const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
  for (const share of [0.5, 0.1, 0.9]) {
    const y = box.top + box.height * share;
    if (y < 0 || y >= window.innerHeight) continue;
    const hit = document.elementsFromPoint(x, y).find((e) => !toast.contains(e));
    if (hit && control.contains(hit)) return true;
  }
  return false;
}
