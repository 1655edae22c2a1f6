import { QueryClient } from "@tanstack/react-query";

/** SPEC §7 defaults: no automatic retry, no refetch on focus, data never stale unless a query says so. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
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
