import type { Notice } from "@common/auth";
import type { SessionInfo } from "@common/profile";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const sessionsQueryKey = ["auth", "sessions"] as const;

/** GET /api/auth/sessions: where the user is signed in, this device marked. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: () => api.get<SessionInfo[]>("/api/auth/sessions"),
    staleTime: 30_000,
  });

export const useSessions = () => useQuery(sessionsQuery());

/** POST /api/auth/sessions/sign-out-others. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Notice>("/api/auth/sessions/sign-out-others"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
