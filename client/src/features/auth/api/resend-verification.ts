import type { Notice } from "@common/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** POST /api/auth/resend-verification: mails a new link (the older one stops working); limited per hour. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post<Notice>("/api/auth/resend-verification"),
  });
}
