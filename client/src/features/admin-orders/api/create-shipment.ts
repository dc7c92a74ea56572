import type { AdminOrder } from '@toolworks/contract/admin-orders';
import type { CreateShipmentInput } from '@toolworks/contract/shipments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { replaceOrderInLists } from './update-order-lists';
import { readyToShipKey } from './get-ready-to-ship';

/** Ships part of an order (issue 53); no `lines`: everything in stock now. */
export function createShipment({ id, ...shipment }: CreateShipmentInput & { id: string }) {
  return api.post<AdminOrder>(`/order/${encodeURIComponent(id)}/shipments`, shipment);
}

export function useCreateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShipment,
    onSuccess: (shipped) => {
      replaceOrderInLists(queryClient, shipped);
      void queryClient.invalidateQueries({ queryKey: readyToShipKey });
    },
  });
}
