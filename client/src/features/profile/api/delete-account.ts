import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userQueryKey } from "@/features/auth/api/get-user";
import { api } from "@/lib/api";

/** DELETE /api/profile: removes the account and everything in it, and signs out everywhere. */
export function deleteAccount(): Promise<{ message: string }> {
  return api.delete<{ message: string }>("/api/profile");
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.setQueryData(userQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
    },
  });
}
