import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Under 'orders' (a change to any order marks it stale), not under the paged lists' key. */
export const readyToShipKey = ['orders', 'ready-to-ship'] as const;

export function useReadyToShip(enabled: boolean) {
  return useQuery({
    queryKey: readyToShipKey,
    queryFn: ({ signal }) => api.get<AdminOrder[]>('/admin/orders/ready-to-ship', { signal }),
    enabled,
  });
}
