import type { AdminOrder } from '@toolworks/contract/admin-orders';
import type { ShipOrderInput } from '@toolworks/contract/fulfilment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { replaceOrderInLists } from './update-order-lists';

export function shipOrder({ id, ...shipment }: ShipOrderInput & { id: string }) {
  return api.patch<AdminOrder>(`/order/${encodeURIComponent(id)}/ship`, shipment);
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: (shipped) => replaceOrderInLists(queryClient, shipped),
  });
}
