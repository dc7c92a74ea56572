import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';

export function shipOrder(id: string) {
  return api.patch<AdminOrder>(`/order/${encodeURIComponent(id)}/ship`);
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: (shipped) => {
      // The row changes in place (even under "Paid", where it no longer belongs), so the admin
      // sees it shipped; the lists are marked stale and reload on the next tab or page.
      queryClient.setQueriesData<Page<AdminOrder>>(
        { queryKey: ['orders', 'all'] },
        (page) =>
          page && { ...page, items: page.items.map((o) => (o._id === shipped._id ? shipped : o)) },
      );
      void queryClient.invalidateQueries({ queryKey: ['orders'], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['stats'] });
    },
  });
}
