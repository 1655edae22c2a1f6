import type { PublicUser, RegisterInput } from "@common/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

export function register(input: RegisterInput): Promise<PublicUser> {
  return api.post<PublicUser>("/api/auth/register", input);
}

/**
 * The caller stores the returned user (setQueryData on the user query) once it is ready to leave
 * the sign-up screen, so the "Thanks for signing up" screen is not cut short by a redirect.
 */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
