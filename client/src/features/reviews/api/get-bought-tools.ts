import type { Order } from '@toolworks/contract/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface BoughtTool {
  toolId: string;
  name: string;
}

/** The tools the customer has paid orders for: the ones they may review as a verified buyer. */
export function boughtTools(orders: Order[]): BoughtTool[] {
  const seen = new Map<string, string>();
  for (const order of orders) if (order.isPaid) seen.set(order.toolId, order.name);
  return [...seen].map(([toolId, name]) => ({ toolId, name }));
}

export function useBoughtTools(email: string | undefined) {
  return useQuery({
    // Shares the My Orders cache entry, so paying elsewhere in the app refreshes this list.
    queryKey: ['orders', 'mine', (email ?? '').toLowerCase()],
    queryFn: ({ signal }) =>
      api.get<Order[]>(`/myOrders/${encodeURIComponent(email ?? '')}`, { signal }),
    enabled: Boolean(email),
    select: boughtTools,
  });
}
