import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { clearOfflineData } from "@/lib/offline-cache";
import { userQueryKey } from "@/lib/user";

export function logout(): Promise<{ ok: true }> {
  return api.post<{ ok: true }>("/api/auth/logout");
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(userQueryKey, null);
      // Everything else belonged to the previous user.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
      void clearOfflineData(queryClient);
    },
  });
}
