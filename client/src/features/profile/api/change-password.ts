import type { Notice } from "@common/auth";
import type { ChangePasswordInput } from "@common/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { sessionsQueryKey } from "./sessions";

/** POST /api/auth/change-password: other devices are signed out and the calendar feed gets a new address. */
export function changePassword(body: ChangePasswordInput): Promise<{ message: string }> {
  return api.post<Notice>("/api/auth/change-password", body);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      await queryClient.invalidateQueries({ queryKey: ["calendar-feed"] });
    },
  });
}
