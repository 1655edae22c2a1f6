import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import type { QueryClient } from "@tanstack/react-query";
import type { PersistedClient } from "@tanstack/react-query-persist-client";
import { clear, createStore, del, get, set } from "idb-keyval";
import { forgetDrafts } from "./drafts";
import { forgetScheduleTipCookie } from "./schedule-tip";
import { userQueryKey } from "./user";

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
  serialize: (client) => JSON.stringify(asLastReceived(client)),
});

/**
 * What the device keeps: every query that has data, for as long as someone is signed in. A failed
 * refetch (a server error, or no answer) keeps the data it had, and so does the copy: a failure
 * is not a sign-out. (The query is typed structurally: the persister packages hand it over typed
 * by their own copy of query-core.)
 */
export function shouldSaveQuery(queryClient: QueryClient, query: { state: { data: unknown } }): boolean {
  return query.state.data !== undefined && Boolean(queryClient.getQueryData(userQueryKey));
}

/** A query saved after a failed refetch is restored as the data it last received, not as the failure. */
function asLastReceived(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((q) =>
    q.state.status === "error"
      ? { ...q, state: { ...q.state, status: "success" as const, error: null, fetchFailureReason: null } }
      : q,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

/**
 * Removes every cached byte of the user's data from the device: the query cache, its IndexedDB
 * copy and any Cache Storage that is not the app shell. A station's shared tablet must not show
 * the previous crew's roster.
 */
export async function clearOfflineData(queryClient: QueryClient): Promise<void> {
  // The next user's first paint does not follow the previous user's closed tip either.
  forgetScheduleTipCookie();
  forgetDrafts();
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

/**
 * Signed out by the server (a 401 to the session check: the session expired, or was ended from
 * another device) clears the device as a logout does. Nothing else does: a failed check keeps the
 * user (lib/user.ts).
 */
export function clearOnSignOut(queryClient: QueryClient): () => void {
  const userQueryHash = JSON.stringify(userQueryKey);
  let signedIn = Boolean(queryClient.getQueryData(userQueryKey));
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.query.queryHash !== userQueryHash) return;
    const user = event.query.state.data;
    if (user === undefined) return;
    if (signedIn && user === null) void clearOfflineData(queryClient);
    signedIn = Boolean(user);
  });
}

/**
 * The offline copy was read after the session check said nobody is signed in: what it brought back
 * (data older than this page load) is the previous user's.
 */
export function clearRestoredIfSignedOut(queryClient: QueryClient, loadedAt: number): void {
  if (queryClient.getQueryData(userQueryKey) !== null) return;
  const restored = queryClient
    .getQueryCache()
    .getAll()
    .some((q) => q.queryKey[0] !== userQueryKey[0] && q.state.dataUpdatedAt > 0 && q.state.dataUpdatedAt < loadedAt);
  if (restored) void clearOfflineData(queryClient);
}
