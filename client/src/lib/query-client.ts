import { QueryClient } from "@tanstack/react-query";

/** SPEC §7 defaults: no automatic retry, no refetch on focus, data never stale unless a query says so. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
