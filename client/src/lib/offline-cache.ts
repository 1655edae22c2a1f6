import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import type { QueryClient } from "@tanstack/react-query";
import { clear, createStore, del, get, set } from "idb-keyval";
import { forgetScheduleTipCookie } from "./schedule-tip";

/** Data older than this is not shown offline (issue #13: at most 7 days). */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const store = createStore("crewswap-offline", "queries");

/** The last data the device received, in IndexedDB, so the installed app opens without a signal. */
export const offlinePersister = createAsyncStoragePersister({
  storage: {
    getItem: (key) => get<string>(key, store).then((v) => v ?? null),
    setItem: (key, value: string) => set(key, value, store),
    removeItem: (key) => del(key, store),
  },
  key: "crewswap-queries",
  throttleTime: 500,
});

/**
 * Removes every cached byte of the user's data from the device: the query cache, its IndexedDB
 * copy and any Cache Storage that is not the app shell. A station's shared tablet must not show
 * the previous crew's roster.
 */
export async function clearOfflineData(queryClient: QueryClient): Promise<void> {
  // The next user's first paint does not follow the previous user's closed tip either.
  forgetScheduleTipCookie();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "auth" });
  await offlinePersister.removeClient();
  await clear(store);
  if ("caches" in window) {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => !n.startsWith("workbox-precache")).map((n) => caches.delete(n)));
  }
  // A throttled write queued just before sign-out lands within the throttle time: clear after it too.
  setTimeout(() => void clear(store).catch(() => undefined), 1500);
}
