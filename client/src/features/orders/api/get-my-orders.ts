import type { Order } from '@toolworks/contract/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getMyOrders(email: string, signal?: AbortSignal) {
  // The spec signs the user out on a 401 or a 403 from this call (someone else's list).
  return api.get<Order[]>(`/myOrders/${encodeURIComponent(email)}`, {
    signal,
    signOutOn: [401, 403],
  });
}

export function useMyOrders(email: string) {
  return useQuery({
    queryKey: queryKeys.orders.mine(email),
    queryFn: ({ signal }) => getMyOrders(email, signal),
  });
}
