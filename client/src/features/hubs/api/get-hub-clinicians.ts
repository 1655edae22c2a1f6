import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { HubListingItem } from "../../../../../common/hub-listing";

export type HubRangeQuery = { fromDate: string; toDate: string } | null;

/** GET /api/users/hub/{hub}: urgent colleagues, or with a range those with something on offer in it. */
export function getHubClinicians(hub: string, range: HubRangeQuery): Promise<HubListingItem[]> {
  const query = range ? `?${new URLSearchParams(range).toString()}` : "";
  return api.get<HubListingItem[]>(`/api/users/hub/${encodeURIComponent(hub)}${query}`);
}

export function hubCliniciansQueryOptions(hub: string, range: HubRangeQuery) {
  return queryOptions({
    queryKey: ["hubs", hub, range?.fromDate ?? null, range?.toDate ?? null] as const,
    queryFn: () => getHubClinicians(hub, range),
    // Colleagues change their status and days often; a browse opened again a little later is fresh.
    staleTime: 30_000,
  });
}

export function useHubClinicians(hub: string, range: HubRangeQuery, enabled = true) {
  return useQuery({ ...hubCliniciansQueryOptions(hub, range), enabled });
}
