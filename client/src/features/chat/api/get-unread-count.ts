import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { unreadCountQueryKey } from "@/lib/query-keys";

/** The server answers a bare JSON number (SPEC §7: read as a number). */
export async function getUnreadCount(): Promise<number> {
  const body = await api.get<unknown>("/api/messages/unread-count");
  const value = Number(body);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export function unreadCountQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: getUnreadCount,
    enabled,
    refetchInterval: 30_000,
    retry: 1,
  });
}

/**
 * Unread messages for the signed-in user; any failure counts as 0 (SPEC §8). Between polls the
 * app shell's realtime hook (app/use-realtime.ts) keeps it fresh.
 */
export function useUnreadCount(enabled: boolean): number {
  const { data, isError } = useQuery(unreadCountQueryOptions(enabled));
  if (!enabled || isError) return 0;
  return data ?? 0;
}
