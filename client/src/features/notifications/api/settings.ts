import type { NotificationSettings, NotificationSettingsInput } from "@common/push";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "@/lib/api";

export const notificationSettingsQueryKey = ["notifications", "settings"] as const;

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: notificationSettingsQueryKey,
  queryFn: () => api.get<NotificationSettings>("/api/notifications/settings"),
});

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions);

/** PUT /api/notifications/settings. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsInput) =>
      apiRequest<NotificationSettings>("PUT", "/api/notifications/settings", body),
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryKey, saved),
  });
}
