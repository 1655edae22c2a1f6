import type { Meta } from "@common/meta";
import type { WtrLimits } from "@common/working-time-types";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";

export function getMeta(): Promise<Meta> {
  return api.get<Meta>("/api/meta");
}

export function metaQueryOptions() {
  return queryOptions({ queryKey: ["meta"] as const, queryFn: getMeta });
}

export function useMeta() {
  return useQuery(metaQueryOptions());
}

/** The working-time limits once known; null while loading or when the checks are off. */
export function useWorkingTimeLimits(): WtrLimits | null {
  return useMeta().data?.workingTime ?? null;
}
