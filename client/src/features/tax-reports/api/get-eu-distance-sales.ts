import type { EuDistanceSales } from '@toolworks/contract/tax-reports';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The year's EU distance sales against EUR 10,000, and whether destination rates apply. */
export function getEuDistanceSales(year: number | undefined, signal?: AbortSignal) {
  return api.get<EuDistanceSales>('/admin/tax/eu-distance-sales', { query: { year }, signal });
}

export function useEuDistanceSales(year?: number) {
  return useQuery({
    queryKey: queryKeys.taxMeters.euDistance(year),
    queryFn: ({ signal }) => getEuDistanceSales(year, signal),
  });
}
