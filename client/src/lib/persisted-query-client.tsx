import { IsRestoringProvider, type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from "@tanstack/react-query-persist-client";
import { type ReactNode, startTransition, useEffect, useRef, useState } from "react";

type Props = {
  client: QueryClient;
  persistOptions: Omit<PersistQueryClientOptions, "queryClient">;
  onSuccess?: () => unknown;
  children: ReactNode;
};

let markRestored: () => void = () => undefined;
/**
 * Settles once the offline copy has been read into the cache (or found missing, old or unreadable).
 * A request made before then could be overwritten by the copy: its failure replaced by the older
 * data, which the copy's refresh then asked for a second time.
 */
export const restored = new Promise<void>((resolve) => {
  markRestored = resolve;
});

/**
 * TanStack Query's PersistQueryClientProvider, but the end of the restore re-renders in a
 * transition. Every component with a query re-renders when restoring ends; as a plain state update
 * that is one task React cannot split, about 100 ms of /calendar's load on a phone's processor,
 * where a transition renders in slices. As there, queries wait for the restore before they fetch,
 * and the client is saved whenever the cache changes once restored (and once as restoring ends).
 */
export function PersistedQueryClientProvider({ client, persistOptions, onSuccess, children }: Props) {
  const [isRestoring, setIsRestoring] = useState(true);
  const latest = useRef({ persistOptions, onSuccess });
  latest.current = { persistOptions, onSuccess };
  const restored = useRef(false);

  useEffect(() => {
    // The persister packages pin an older query-core than react-query's: the same client, typed by
    // that other copy.
    const queryClient = client as unknown as PersistQueryClientOptions["queryClient"];
    const options = { ...latest.current.persistOptions, queryClient };
    if (!restored.current) {
      restored.current = true;
      persistQueryClientRestore(options)
        .then(() => latest.current.onSuccess?.())
        .catch(() => undefined)
        .finally(() => {
          markRestored();
          startTransition(() => setIsRestoring(false));
        });
    }
    if (isRestoring) return undefined;
    // A screen's first data may have arrived while the copy was being read (routes.tsx asks for it
    // as soon as the session is known): save it now, not only at the cache's next change.
    void persistQueryClientSave(options);
    return persistQueryClientSubscribe(options);
  }, [client, isRestoring]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
