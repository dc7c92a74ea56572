import type { Order } from '@toolworks/contract/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

export function getOrder(id: string, signal?: AbortSignal) {
  return api.get<Order>(`/order/${encodeURIComponent(id)}`, { signal });
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: queryKeys.orders.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  });
}
