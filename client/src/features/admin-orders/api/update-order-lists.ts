import type { AdminOrder } from '@toolworks/contract/admin-orders';
import type { QueryClient } from '@tanstack/react-query';
import type { Page } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * After a fulfilment step: the row changes in place (even under a status tab where it no longer
 * belongs), so the admin sees what happened; the lists are marked stale and reload on the next
 * tab or page; the figures and the buyer's views refresh.
 */
export function replaceOrderInLists(queryClient: QueryClient, changed: AdminOrder) {
  queryClient.setQueriesData<Page<AdminOrder>>(
    { queryKey: queryKeys.orders.everyone },
    (page) =>
      page && {
        ...page,
        // Merged: a step's answer leaves out what only the list adds (company, invoice state).
        items: page.items.map((o) => (o._id === changed._id ? { ...o, ...changed } : o)),
      },
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: queryKeys.stats.all });
}
