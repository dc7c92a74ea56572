import type { StatsOverview } from '@toolworks/contract/stats';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getOverview(signal?: AbortSignal) {
  return api.get<StatsOverview>('/stats/overview', { signal });
}

// Catalogue and order changes invalidate 'stats' so the figures follow them.
export const overviewQueryKey = ['stats', 'overview'] as const;

export function useOverview() {
  return useQuery({ queryKey: overviewQueryKey, queryFn: ({ signal }) => getOverview(signal) });
}
