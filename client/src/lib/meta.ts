import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";

export type Meta = { allowedEmailDomains: string[]; tutorialsPlaylistUrl: string | null };

export function getMeta(): Promise<Meta> {
  return api.get<Meta>("/api/meta");
}

export function metaQueryOptions() {
  return queryOptions({ queryKey: ["meta"] as const, queryFn: getMeta });
}

export function useMeta() {
  return useQuery(metaQueryOptions());
}
