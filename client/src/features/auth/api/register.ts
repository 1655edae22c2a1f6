import type { PublicUser, RegisterInput } from "@common/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { clearPendingLogout, endPendingLogout } from "@/lib/pending-logout";

export async function register(input: RegisterInput): Promise<PublicUser> {
  // A logout made offline ends its session before a new one starts on this device.
  await endPendingLogout();
  const user = await api.post<PublicUser>("/api/auth/register", input);
  clearPendingLogout();
  return user;
}

/**
 * The caller stores the returned user (setQueryData on the user query) once it is ready to leave
 * the sign-up screen, so the "Thanks for signing up" screen is not cut short by a redirect.
 */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
