import type { HubCount, HubListingItem } from "@common/hub-listing";
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api, type Page } from "@/lib/api";

export type HubRangeQuery = { fromDate: string; toDate: string } | null;

const hubPath = (hub: string) => `/api/users/hub/${encodeURIComponent(hub)}`;
const rangeQuery = (range: HubRangeQuery) => (range ? `?${new URLSearchParams(range).toString()}` : "");
const rangeKey = (range: HubRangeQuery) => [range?.fromDate ?? null, range?.toDate ?? null] as const;

// Colleagues change their status and days often; a browse opened again a little later is fresh.
const staleTime = 30_000;

/**
 * GET /api/users/hub/{hub}, a page at a time: urgent colleagues, or with a range those with
 * something on offer in it. Each page's `Link` header names the next one.
 */
export function hubCliniciansQueryOptions(hub: string, range: HubRangeQuery) {
  return infiniteQueryOptions({
    queryKey: ["hubs", hub, "list", ...rangeKey(range)] as const,
    queryFn: ({ pageParam }) => api.getPage<HubListingItem>(pageParam),
    initialPageParam: `${hubPath(hub)}${rangeQuery(range)}`,
    getNextPageParam: (last: Page<HubListingItem>) => last.next ?? undefined,
    staleTime,
  });
}

export function useHubClinicians(hub: string, range: HubRangeQuery, enabled = true) {
  return useInfiniteQuery({ ...hubCliniciansQueryOptions(hub, range), enabled });
}

/** GET /api/users/hub/{hub}/count: how many the list holds, without downloading it. */
export function useHubCount(hub: string, range: HubRangeQuery, enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: ["hubs", hub, "count", ...rangeKey(range)] as const,
      queryFn: () => api.get<HubCount>(`${hubPath(hub)}/count${rangeQuery(range)}`),
      staleTime,
    }),
    enabled,
  });
}
