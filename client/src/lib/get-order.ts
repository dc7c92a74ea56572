import type { Order } from '@toolworks/contract/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getOrder(id: string, signal?: AbortSignal) {
  return api.get<Order>(`/order/${encodeURIComponent(id)}`, { signal });
}

// Under the 'orders' root (the same key as the payment page's), so whatever refreshes My
// Orders refreshes this order too.
export const orderQueryKey = (id: string) => ['orders', 'detail', id] as const;

export function useOrder(id: string) {
  return useQuery({ queryKey: orderQueryKey(id), queryFn: ({ signal }) => getOrder(id, signal) });
}
