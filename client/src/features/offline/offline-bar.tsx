import { useQueryClient } from "@tanstack/react-query";
import { format, isSameDay } from "date-fns";
import { WifiOff } from "lucide-react";
import { useCallback, useSyncExternalStore } from "react";

function asOf(updatedAt: number): string {
  const when = new Date(updatedAt);
  return isSameDay(when, new Date()) ? format(when, "h:mm a") : format(when, "EEE d MMM, h:mm a");
}

function offlineText(latest: number): string {
  const shown = latest > 0 ? `You are offline. Showing your data as of ${asOf(latest)}.` : "You are offline.";
  return `${shown} Changes need a connection.`;
}

function unreachableText(latest: number): string {
  return latest > 0 ? `Couldn't reach CrewSwap — showing your data as of ${asOf(latest)}` : "Couldn't reach CrewSwap";
}

/** The offline banner's bar (offline-banner.tsx decides when it shows): how old the data on screen is. */
export function OfflineBar({ online }: { online: boolean }) {
  const cache = useQueryClient().getQueryCache();
  // When the newest data on the device arrived; follows the cache as the offline copy is restored.
  const latest = useSyncExternalStore(
    useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]),
    () => Math.max(0, ...cache.getAll().map((q) => q.state.dataUpdatedAt)),
  );
  return (
    <div
      role="status"
      // Phones: above the page (no header there); wider screens: a bar floating above the content's foot.
      className="sticky top-0 z-50 flex items-start gap-2 bg-foreground px-4 py-2 text-sm text-white md:fixed md:top-auto md:bottom-4 md:left-1/2 md:w-max md:max-w-[90vw] md:-translate-x-1/2 md:rounded-md md:shadow-lg"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{online ? unreachableText(latest) : offlineText(latest)}</p>
    </div>
  );
}
