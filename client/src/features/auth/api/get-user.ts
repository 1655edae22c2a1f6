import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, isApiError } from "@/lib/api";
import type { PublicUser } from "../../../../../common/auth";

export const userQueryKey = ["auth", "user"] as const;

/** GET /api/auth/user: 401 means signed out (null); any other failure is logged and also null. */
export async function getUser(): Promise<PublicUser | null> {
  try {
    return await api.get<PublicUser | null>("/api/auth/user", { on401: "null" });
  } catch (error) {
    console.error("Could not load the current user", isApiError(error) ? error.message : error);
    return null;
  }
}

export function userQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: getUser,
    staleTime: 60_000,
    gcTime: 10 * 60_000,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    retry: false,
  });
}

export function useUser() {
  const query = useQuery(userQueryOptions());
  return { ...query, user: query.data ?? null };
}
