import type { StatsOverview } from '@toolworks/contract/stats';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getOverview(signal?: AbortSignal) {
  return api.get<StatsOverview>('/stats/overview', { signal });
}

export function useOverview() {
  return useQuery({
    queryKey: queryKeys.stats.overview,
    queryFn: ({ signal }) => getOverview(signal),
  });
}
