import type { CalendarFeed } from "@common/calendar-feed";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const calendarFeedKeys = {
  all: ["calendar-feed"] as const,
  url: () => [...calendarFeedKeys.all, "url"] as const,
};

/** GET /api/calendar-feed/token: the private iCalendar URL, created on first use. */
export function getCalendarFeedUrl(): Promise<CalendarFeed> {
  return api.get<CalendarFeed>("/api/calendar-feed/token");
}

export function calendarFeedQueryOptions() {
  return queryOptions({ queryKey: calendarFeedKeys.url(), queryFn: getCalendarFeedUrl });
}

export function useCalendarFeedUrl(enabled: boolean) {
  return useQuery({ ...calendarFeedQueryOptions(), enabled });
}

export function regenerateCalendarFeed(): Promise<CalendarFeed> {
  return api.post<CalendarFeed>("/api/calendar-feed/token/regenerate");
}

export function useRegenerateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateCalendarFeed,
    onSuccess: (data) => queryClient.setQueryData(calendarFeedKeys.url(), data),
  });
}
