import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { priceListPath } from './get-price-list';

export function useDeletePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(priceListPath(id)),
    // Companies lose the list from their assignment too.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.priceLists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.companies.all });
    },
  });
}
