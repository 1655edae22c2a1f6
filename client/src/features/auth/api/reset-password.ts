import type { Notice } from "@common/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

export function resetPassword(input: { token: string; password: string }): Promise<{ message: string }> {
  return api.post<Notice>("/api/auth/reset-password", input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
