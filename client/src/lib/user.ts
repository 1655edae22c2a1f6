import type { PublicUser } from "@common/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { api, isApiError } from "./api";
import { endPendingLogout, hasPendingLogout } from "./pending-logout";

export const userQueryKey = ["auth", "user"] as const;

/**
 * GET /api/auth/user: 401 means signed out (null). Any other failure says so (SPEC §8 'Loading')
 * and is raised, so a signed-in user keeps their session on screen instead of being signed out;
 * with nothing loaded yet the user is treated as null (SPEC §7).
 */
export async function getUser(): Promise<PublicUser | null> {
  // Signed out on this device while offline: end that session first, and stay signed out either way.
  if (hasPendingLogout()) {
    await endPendingLogout();
    return null;
  }
  try {
    return await api.get<PublicUser | null>("/api/auth/user", { on401: "null" });
  } catch (error) {
    console.error("Could not load the current user", isApiError(error) ? error.message : error);
    toast({
      variant: "destructive",
      title: "Error",
      description: "There was a problem loading user data. Please try again.",
    });
    throw error;
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

/**
 * The signed-in user (null when signed out) and whether the session check is still pending. Only
 * these two are read, so a refetch that changes nothing else re-renders nobody: every screen and
 * the app shell use this.
 */
export function useUser(): { user: PublicUser | null; isPending: boolean } {
  const query = useQuery(userQueryOptions());
  return { user: query.data ?? null, isPending: query.isPending };
}
