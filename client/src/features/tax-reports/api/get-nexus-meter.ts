import type { NexusMeter } from '@toolworks/contract/tax-reports';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Per US state, the year's revenue and orders against the usual nexus thresholds. */
export function getNexusMeter(year: number | undefined, signal?: AbortSignal) {
  return api.get<NexusMeter>('/admin/tax/nexus-meter', { query: { year }, signal });
}

export function useNexusMeter(year?: number) {
  return useQuery({
    queryKey: queryKeys.taxMeters.nexus(year),
    queryFn: ({ signal }) => getNexusMeter(year, signal),
  });
}
