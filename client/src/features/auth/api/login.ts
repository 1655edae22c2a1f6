import type { LoginInput, PublicUser } from "@common/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { userQueryKey } from "@/lib/user";

export function login(input: LoginInput): Promise<PublicUser> {
  return api.post<PublicUser>("/api/auth/login", input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
    },
  });
}
