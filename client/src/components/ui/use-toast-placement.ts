import { type RefObject, useLayoutEffect } from "react";
import { useMediaQuery } from "@/lib/use-media-query";
import { clearTop, reachableControls } from "./toast-placement";

/**
 * On a phone a toast goes where it hides no control: as near the top or the bottom of the screen as
 * a free stretch allows, found again whenever the page scrolls, changes or resizes while it shows.
 * Where nothing is free it stays at its usual place above the tab bar.
 */
export function useToastPlacement(viewport: RefObject<HTMLElement | null>, active: boolean) {
  const phone = useMediaQuery("(width < 48rem)");
  useLayoutEffect(() => {
    const list = viewport.current;
    if (!phone || !active || !list) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      const toast = list.firstElementChild as HTMLElement | null;
      if (!toast) return;
      const padding = Number.parseFloat(getComputedStyle(list).paddingTop) || 0;
      const top = clearTop(reachableControls(list), toast.offsetHeight, window.innerHeight);
      const next = top === null ? "" : `${top - padding}px`;
      // Only a real move is written: an unchanged style would still be a mutation to react to.
      if (list.style.top === next) return;
      list.style.top = next;
      list.style.bottom = top === null ? "" : "auto";
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    const changes = new MutationObserver(later);
    changes.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    const sizes = new ResizeObserver(later);
    sizes.observe(list);
    const events = ["scroll", "resize", "animationend", "transitionend"] as const;
    for (const e of events) window.addEventListener(e, later, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      sizes.disconnect();
      for (const e of events) window.removeEventListener(e, later, { capture: true });
      list.style.top = "";
      list.style.bottom = "";
    };
  }, [viewport, active, phone]);
}
