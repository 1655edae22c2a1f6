import type { PublicUser } from "@common/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { api, isApiError } from "./api";
import { endPendingLogout, hasPendingLogout } from "./pending-logout";
import { backOff } from "./reachability";

export const userQueryKey = ["auth", "user"] as const;

/** Whether the last session check failed, so a run of failures says so once. */
let failing = false;

/**
 * GET /api/auth/user: only a 401 means signed out (null). A server error or no answer at all is not
 * 'no user' (DESIGN over SPEC §7): it says so (SPEC §8 'Loading') and is raised, so a signed-in
 * user keeps their session and the data saved on the device, and the check is asked again.
 */
export async function getUser(): Promise<PublicUser | null> {
  // Signed out on this device while offline: end that session first, and stay signed out either way.
  if (hasPendingLogout()) {
    await endPendingLogout();
    return null;
  }
  try {
    const user = await api.get<PublicUser | null>("/api/auth/user", { on401: "null" });
    failing = false;
    return user;
  } catch (error) {
    console.error("Could not load the current user", isApiError(error) ? error.message : error);
    if (!failing) {
      toast({
        variant: "destructive",
        title: "Error",
        description: "There was a problem loading user data. Please try again.",
      });
    }
    failing = true;
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
    // The one query asked again after a server error, against SPEC §7's 'no retry': giving up would
    // leave a signed-in user with no session to show (sent to sign-in, or a spinner for good), and
    // a session check is cheap. With back-off (1 s doubling to 30 s), until it answers.
    retry: true,
    retryDelay: backOff,
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
