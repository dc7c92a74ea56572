import { KEPT_STATUSES, type Order } from '@toolworks/contract/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface BoughtTool {
  toolId: string;
  name: string;
}

/**
 * The tools on the customer's kept orders, every line of each: the ones they may review as a
 * verified buyer (the server keeps one review per tool and refuses a second). A refunded order
 * is `isPaid` (the shop was paid once) but no longer makes a verified buyer.
 */
export function boughtTools(orders: Order[]): BoughtTool[] {
  const seen = new Map<string, string>();
  for (const order of orders)
    if (KEPT_STATUSES.includes(order.status))
      for (const line of order.items) if (!seen.has(line.toolId)) seen.set(line.toolId, line.name);
  return [...seen].map(([toolId, name]) => ({ toolId, name }));
}

export function useBoughtTools(email: string | undefined) {
  return useQuery({
    // Shares the My Orders cache entry, so paying elsewhere in the app refreshes this list.
    queryKey: queryKeys.orders.mine(email ?? ''),
    queryFn: ({ signal }) =>
      api.get<Order[]>(`/myOrders/${encodeURIComponent(email ?? '')}`, { signal }),
    enabled: Boolean(email),
    select: boughtTools,
  });
}
