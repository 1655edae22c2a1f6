import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const calendarFeedKeys = {
  all: ["calendar-feed"] as const,
  url: () => [...calendarFeedKeys.all, "url"] as const,
};

type FeedUrl = { url: string };

/** GET /api/calendar-feed/token: the private iCalendar URL, created on first use. */
export function getCalendarFeedUrl(): Promise<FeedUrl> {
  return api.get<FeedUrl>("/api/calendar-feed/token");
}

export function calendarFeedQueryOptions() {
  return queryOptions({ queryKey: calendarFeedKeys.url(), queryFn: getCalendarFeedUrl });
}

export function useCalendarFeedUrl(enabled: boolean) {
  return useQuery({ ...calendarFeedQueryOptions(), enabled });
}

export function regenerateCalendarFeed(): Promise<FeedUrl> {
  return api.post<FeedUrl>("/api/calendar-feed/token/regenerate");
}

export function useRegenerateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateCalendarFeed,
    onSuccess: (data) => queryClient.setQueryData(calendarFeedKeys.url(), data),
  });
}
