import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser believes it has a network connection. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** The short reason a change is unavailable, read out with every control it disables. */
export const OFFLINE_REASON = "You are offline";
/** Id of the one element holding OFFLINE_REASON (components/ui/offline-reason.tsx). */
export const OFFLINE_REASON_ID = "offline-reason";

export type ConnectionProps = { disabled?: boolean; title?: string; "aria-describedby"?: string };

/**
 * Props for a control that changes data: while offline it is disabled and says why (a tooltip and
 * an accessible description), so nothing is pressed in vain and nothing is queued.
 */
export function useNeedsConnection(props: ConnectionProps = {}): ConnectionProps {
  const online = useOnline();
  if (online) return props;
  const describedBy = [props["aria-describedby"], OFFLINE_REASON_ID].filter(Boolean).join(" ");
  return { ...props, disabled: true, title: OFFLINE_REASON, "aria-describedby": describedBy };
}
