import type { PriceList } from '@toolworks/contract/price-lists';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const priceListPath = (id: string) => `/price-lists/${encodeURIComponent(id)}`;

export function usePriceList(id: string) {
  return useQuery({
    queryKey: queryKeys.priceLists.detail(id),
    queryFn: ({ signal }) => api.get<PriceList>(priceListPath(id), { signal }),
  });
}
