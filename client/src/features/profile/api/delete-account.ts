import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import { clearOfflineData } from "@/lib/offline-cache";
import { userQueryKey } from "@/lib/user";

/** DELETE /api/profile: with the password, removes the account and everything in it, and signs out everywhere. */
export function deleteAccount(password: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>("DELETE", "/api/profile", { password });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.setQueryData(userQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
      void clearOfflineData(queryClient);
    },
  });
}
