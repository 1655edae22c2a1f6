// First: it configures zod before any screen defines a schema.
import "@/lib/zod-config";
import { onlineManager } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BetaBannerProvider } from "@/components/beta-banner-state";
import { OfflineReason } from "@/components/ui/offline-reason";
import { OfflineBanner } from "@/features/offline/offline-banner";
import {
  clearOnSignOut,
  clearRestoredIfSignedOut,
  OFFLINE_MAX_AGE_MS,
  offlinePersister,
  shouldSaveQuery,
} from "@/lib/offline-cache";
import { endPendingLogout, hasPendingLogout } from "@/lib/pending-logout";
import { PersistedQueryClientProvider } from "@/lib/persisted-query-client";
import { queryClient } from "@/lib/query-client";
import { userQueryKey, userQueryOptions } from "@/lib/user";
import { AppRoutes, preloadRoute } from "@/routes";
import "./index.css";

// TanStack Query assumes a connection until an 'offline' event; an app opened without one starts
// offline, so its queries wait (showing the offline copy) instead of failing.
onlineManager.setOnline(navigator.onLine);
// A logout pressed offline: nobody is signed in here, whatever the cookie says, even before a
// connection lets the session check run; the server session ends as soon as the device is online.
if (hasPendingLogout()) queryClient.setQueryData(userQueryKey, null);
window.addEventListener("online", () => void endPendingLogout());
clearOnSignOut(queryClient);

// Data fetched from here on is this load's own; anything older came from the offline copy.
const loadedAt = Date.now();

// The session check and the screen's code start together, before the first render (the query
// picks up the request index.html already preloads); the screen's data follows the session.
void queryClient.prefetchQuery(userQueryOptions());
preloadRoute(window.location.pathname, queryClient);

// Toasts only follow an action, so their Radix parts load after the first paint.
const Toaster = lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

// The service worker (offline app shell, push) registers off the first screen's path.
void import("@/lib/service-worker").then((m) => m.registerServiceWorker());

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

// In a transition, so React renders the first screen in slices: the frame the page arrived with
// stays on screen and input is not held up by one long task.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <PersistedQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister: offlinePersister,
          maxAge: OFFLINE_MAX_AGE_MS,
          dehydrateOptions: {
            // Only a signed-in user's data; nothing at all once they sign out.
            shouldDehydrateQuery: (q) => shouldSaveQuery(queryClient, q),
          },
        }}
        // Restored data is what the device last saw: with a connection, fetch it fresh at once. Only
        // that: the session check this load already made (or is making) is not asked for again.
        onSuccess={() => {
          clearRestoredIfSignedOut(queryClient, loadedAt);
          if (!navigator.onLine) return;
          void queryClient.invalidateQueries({
            predicate: (q) => q.state.fetchStatus === "idle" && q.state.dataUpdatedAt < loadedAt,
          });
        }}
      >
        <BetaBannerProvider>
          <OfflineBanner />
          <OfflineReason />
          <AppRoutes />
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </BetaBannerProvider>
      </PersistedQueryClientProvider>
    </StrictMode>,
  ),
);
