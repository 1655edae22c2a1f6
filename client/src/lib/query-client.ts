import { type Query, QueryClient } from "@tanstack/react-query";
import { isNetworkFailure } from "./api";
import { backOff } from "./reachability";

/** The last fetch got an answer from the server, and it was an error. */
function refusedByServer(query: Query): boolean {
  return query.state.status === "error" && !isNetworkFailure(query.state.error);
}

/** SPEC §7 defaults: no automatic retry, no refetch on focus, data never stale unless a query says so. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Only an answer is never asked for again by itself. A request that got none (a dead zone,
        // a captive portal) waits, paused with the data it had, until lib/reachability finds the
        // server again, and then goes out once more: the roster stays on screen meanwhile.
        retry: (_failures, error) => isNetworkFailure(error),
        retryDelay: backOff,
        // A screen mounting is not a reason to repeat a request the server has just refused: the
        // first screen's data is asked for before it mounts (routes.tsx preloadRoute), and without
        // this its mount asked again at once.
        retryOnMount: (query) => !refusedByServer(query),
        refetchOnMount: (query) => !refusedByServer(query),
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        // Kept as long as the offline copy may be shown (lib/offline-cache.ts), or it would not persist.
        gcTime: 7 * 24 * 60 * 60 * 1000,
      },
      mutations: {
        retry: false,
        // Offline, a change fails at once with a reason instead of waiting silently in a queue.
        networkMode: "always",
      },
    },
  });
}

export const queryClient = createQueryClient();
