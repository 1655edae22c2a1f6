import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export async function getUnreadCount(): Promise<number> {
  const body = await api.get<unknown>("/api/messages/unread-count");
  if (typeof body === "number") return body;
  if (body && typeof body === "object" && "count" in body) {
    const value = Number((body as { count: unknown }).count);
    return Number.isFinite(value) ? value : 0;
  }
  return 0;
}

export function unreadCountQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: ["messages", "unread-count"] as const,
    queryFn: getUnreadCount,
    enabled,
    refetchInterval: 30_000,
    retry: 1,
  });
}

/** Unread messages for the signed-in user; any failure counts as 0 (SPEC §8). */
export function useUnreadCount(enabled: boolean): number {
  const { data, isError } = useQuery(unreadCountQueryOptions(enabled));
  if (!enabled || isError) return 0;
  return data ?? 0;
}
