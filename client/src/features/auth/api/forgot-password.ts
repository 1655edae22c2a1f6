import type { Notice } from "@common/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

export function forgotPassword(input: { email: string }): Promise<{ message: string }> {
  return api.post<Notice>("/api/auth/forgot-password", input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
