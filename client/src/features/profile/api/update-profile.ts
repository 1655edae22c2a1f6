import type { PublicUser } from "@common/auth";
import type { ProfileUpdate } from "@common/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { userQueryKey } from "@/lib/user";

/** PATCH /api/profile: answers the saved user. */
export function updateProfile(body: ProfileUpdate): Promise<PublicUser> {
  return api.patch<PublicUser>("/api/profile", body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      // Colleague listings carry this user's name, grade and status.
      await queryClient.invalidateQueries({ queryKey: ["hubs"] });
    },
  });
}
