import type { PriceList, SavePriceList } from '@toolworks/contract/price-lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { priceListPath } from './get-price-list';

/** Creates the list without an id, else replaces it whole (PUT). */
export function useSavePriceList(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePriceList) =>
      id ? api.put<PriceList>(priceListPath(id), body) : api.post<PriceList>('/price-lists', body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.priceLists.all }),
  });
}
