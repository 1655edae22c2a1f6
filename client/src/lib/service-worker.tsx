/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from "virtual:pwa-register";

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (offline app shell, push notifications). A new version waits
 * until the user accepts the toast; the worker is checked for updates hourly and whenever the
 * app comes back to the foreground, so an installed app never runs an old version for days.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const update = registerSW({
    immediate: true,
    async onNeedRefresh() {
      // The toast parts load lazily, like the app's other toasts.
      const [{ toast }, { ToastAction }] = await Promise.all([
        import("@/components/ui/use-toast"),
        import("@/components/ui/toast"),
      ]);
      toast({
        title: "A new version of CrewSwap is ready",
        duration: Number.POSITIVE_INFINITY,
        action: (
          <ToastAction altText="Reload CrewSwap" onClick={() => void update(true)}>
            Reload
          </ToastAction>
        ),
      });
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      };
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") check();
      });
    },
  });
}
