import { Suspense, useEffect } from "react";
import { preloadableLazy } from "@/lib/preloadable-lazy";
import { useReachable } from "@/lib/reachability";
import { useOnline } from "@/lib/use-online";
import { whenIdle } from "@/lib/when-idle";

// The bar and its date formatting only matter without a connection: they load after the first
// screen (in an idle moment, or at once when the app starts offline), not with the entry.
const OfflineBar = preloadableLazy(() => import("./offline-bar").then((m) => m.OfflineBar));

/**
 * Shown while offline, or while the browser believes it is online but requests get no answer (one
 * bar, a captive portal): the data on screen is what the device last received.
 */
export function OfflineBanner() {
  const online = useOnline();
  const reachable = useReachable();
  const needed = !online || !reachable;
  // Fetched before the connection goes, so that a device that has never installed the service
  // worker can still show the bar; a failed download is tried again when the bar is needed.
  useEffect(() => {
    const load = () => void OfflineBar.preload().catch(() => undefined);
    if (needed) load();
    else return whenIdle(load, 5000);
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <OfflineBar online={online} />
    </Suspense>
  );
}
