import type { LoginInput, PublicUser } from "@common/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { clearPendingLogout, endPendingLogout } from "@/lib/pending-logout";
import { userQueryKey } from "@/lib/user";

export async function login(input: LoginInput): Promise<PublicUser> {
  // A logout made offline ends its session before a new one starts on this device.
  await endPendingLogout();
  const user = await api.post<PublicUser>("/api/auth/login", input);
  clearPendingLogout();
  return user;
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
