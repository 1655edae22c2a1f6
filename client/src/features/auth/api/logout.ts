import type { SignedOut } from "@common/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { clearOfflineData } from "@/lib/offline-cache";
import { isUnreachable, markPendingLogout } from "@/lib/pending-logout";
import { userQueryKey } from "@/lib/user";

export function logout(): Promise<{ ok: true }> {
  return api.post<SignedOut>("/api/auth/logout");
}

/**
 * Signs out. Without a connection the device is signed out all the same (a station's shared tablet
 * must not keep showing the previous crew's roster) and the server session ends when it is next
 * online (lib/pending-logout.ts); `onDeviceOnly` says so.
 */
async function signOut(): Promise<{ onDeviceOnly: boolean }> {
  try {
    await logout();
    return { onDeviceOnly: false };
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    markPendingLogout();
    return { onDeviceOnly: true };
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.setQueryData(userQueryKey, null);
      // Everything else belonged to the previous user.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
      void clearOfflineData(queryClient);
    },
  });
}
